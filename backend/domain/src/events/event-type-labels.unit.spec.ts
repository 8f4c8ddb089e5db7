import { eventTypes } from '@coseso/event-schemas/personal-fields';
import { eventTypeLabel, eventTypeLabels } from './event-type-labels.js';

describe('the event types in French', () => {
  it('names every type of the log in words of its own, none twice', () => {
    const labels = eventTypes.map(eventTypeLabel);
    for (const [index, label] of labels.entries()) {
      expect(label).not.toMatch(/^Événement inconnu/);
      expect(label).not.toBe(eventTypes[index]);
    }
    expect(new Set(labels).size).toBe(labels.length);
    expect(Object.keys(eventTypeLabels).sort()).toEqual([...eventTypes]);
  });

  it('says a type this version does not know, with its stored name', () => {
    expect(eventTypeLabel('PaymentLinkResent')).toBe('Lien de paiement renvoyé');
    expect(eventTypeLabel('SomethingNew')).toBe('Événement inconnu de cette version (SomethingNew)');
  });
});

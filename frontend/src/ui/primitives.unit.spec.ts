import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion';
import { Dialog, DialogTrigger } from './dialog';
import { Progress } from './progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

// The markup the primitives give assistive technologies, rendered as the server would.
const html = (element: ReturnType<typeof h>) => renderToStaticMarkup(element);
const count = (markup: string, pattern: RegExp) => markup.match(new RegExp(pattern, 'g'))?.length ?? 0;

describe('the UI primitives', () => {
  it('tabs: a tablist whose selected tab controls the one panel shown', () => {
    const markup = html(
      h(
        Tabs,
        { value: 'project' },
        h(TabsList, { 'aria-label': 'Mon espace' }, [
          h(TabsTrigger, { key: 'o', value: 'overview' }, "Vue d'ensemble"),
          h(TabsTrigger, { key: 'p', value: 'project' }, 'Suivi projet'),
        ]),
        h(TabsContent, { value: 'overview' }, 'Les commandes'),
        h(TabsContent, { value: 'project' }, 'Le suivi'),
      ),
    );
    expect(markup).toMatch(
      /role="tablist"[^>]*aria-label="Mon espace"|aria-label="Mon espace"[^>]*role="tablist"/,
    );
    expect(count(markup, /role="tab"/)).toBe(2);
    const selected = /<button[^>]*aria-selected="true"[^>]*>Suivi projet<\/button>/.exec(markup)?.[0];
    expect(selected).toBeDefined();
    const panelId = /aria-controls="([^"]+)"/.exec(selected!)![1];
    expect(markup).toContain(`id="${panelId}"`);
    expect(markup).toContain('Le suivi');
    expect(markup).not.toContain('Les commandes');
  });

  it('accordion: each header a button telling whether its region is expanded', () => {
    const markup = html(
      h(
        Accordion,
        { type: 'single', collapsible: true, defaultValue: 'a' },
        h(
          AccordionItem,
          { value: 'a' },
          h(AccordionTrigger, null, 'Commande #1042'),
          h(AccordionContent, null, 'Détails A'),
        ),
        h(
          AccordionItem,
          { value: 'b' },
          h(AccordionTrigger, null, 'Commande #1043'),
          h(AccordionContent, null, 'Détails B'),
        ),
      ),
    );
    expect(count(markup, /<h3/)).toBe(2);
    expect(markup).toMatch(/<button[^>]*aria-expanded="true"[^>]*>Commande #1042/);
    expect(markup).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Commande #1043/);
    expect(markup).toMatch(/role="region"[^>]*>Détails A/);
    expect(markup).not.toContain('Détails B');
  });

  it('progress: a progressbar with its bounds, clamped value and spoken text', () => {
    const bar = (value: number, max: number, valueText?: string) =>
      html(h(Progress, { value, max, label: 'Avancement', valueText }));
    const markup = bar(3, 8, 'Étape 3 sur 8');
    expect(markup).toContain('role="progressbar"');
    expect(markup).toContain('aria-label="Avancement"');
    expect(markup).toContain('aria-valuemax="8"');
    expect(markup).toContain('aria-valuenow="3"');
    expect(markup).toContain('aria-valuetext="Étape 3 sur 8"');
    expect(markup).toContain('width:37.5%');
    expect(bar(12, 8)).toContain('aria-valuenow="8"');
    expect(bar(12, 8)).toContain('aria-valuetext="100 %"');
    expect(bar(-1, 8)).toContain('width:0%');
    expect(bar(5, 0)).toContain('width:0%');
  });

  it('dialog: its trigger announces a dialog, closed until opened', () => {
    const markup = html(h(Dialog, null, h(DialogTrigger, null, "Annuler l'abonnement")));
    expect(markup).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*aria-expanded="false"/);
    expect(markup).toMatch(/data-state="closed"[^>]*>Annuler l&#x27;abonnement</);
  });
});

import { readServerSentEvents } from './server-sent-events';

describe('reading a server-sent event stream', () => {
  it('gives the complete events, named or not, and keeps the unfinished one for later', () => {
    const { events, rest } = readServerSentEvents(
      'event: progress\nid: 1\ndata: {"percent":40}\n\n: a comment\ndata: a\ndata: b\n\nevent: done\ndata: {"perc',
    );
    expect(events).toEqual([
      { event: 'progress', data: '{"percent":40}' },
      { event: 'message', data: 'a\nb' },
    ]);
    expect(rest).toBe('event: done\ndata: {"perc');
    expect(readServerSentEvents(`${rest}ent":100}\r\n\r\n`)).toEqual({
      events: [{ event: 'done', data: '{"percent":100}' }],
      rest: '',
    });
  });

  it('gives nothing for a stream that has sent no whole event yet', () => {
    expect(readServerSentEvents('')).toEqual({ events: [], rest: '' });
    expect(readServerSentEvents('event: progress\n')).toEqual({ events: [], rest: 'event: progress\n' });
  });
});

import { ProjectParams } from '@spanhouse/db';
import type { SearchTerm } from '@spanhouse/schema';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { fromProject, TABLES, termMatches, tracesSearched } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * The `search` parameter of the trace, observation and session lists on real chDB: every term must
 * be somewhere in the trace (its own name, input, output, metadata values, or any observation's),
 * any case and accents, any script, Chinese and Japanese words inside sentences, quoted phrases in
 * order; it combines with the other filters and orders and the count is of matches; bad searches
 * are 400s naming why.
 */

let t: TestApp;

type Spec = {
  id: string;
  day: number;
  userId: string;
  session: string;
  trace: Record<string, unknown>;
  observation: Record<string, unknown>;
  secs: number;
};

const TRACES: Spec[] = [
  {
    id: 's-cafe',
    day: 1,
    userId: 'u1',
    session: 'sess-a',
    trace: { name: 'support', input: { question: 'The refund for my Café order was LATE' } },
    observation: {
      input: [{ role: 'user', content: 'Where is my delivery?' }],
      output: { role: 'assistant', content: 'Ваш заказ доставлен в Москву' },
    },
    secs: 3,
  },
  {
    id: 's-tokyo',
    day: 2,
    userId: 'u2',
    session: 'sess-b',
    trace: { name: 'travel', input: '東京に行きたいです', output: 'I can help with travel' },
    observation: { output: 'パスワードをリセットしました' },
    secs: 1,
  },
  {
    id: 's-billing',
    day: 3,
    userId: 'u1',
    session: 'sess-c',
    trace: { name: 'billing-check', metadata: { region: 'us-east-1' } },
    // The newline is stored as the JSON escape \n right before "refund".
    observation: { name: 'answer', output: 'late delivery again\nrefund issued' },
    secs: 5,
  },
  {
    id: 's-reverse',
    day: 4,
    userId: 'u3',
    session: 'sess-a',
    trace: { name: 'chat', output: 'the delivery was late' },
    observation: { input: 'nothing to see' },
    secs: 2,
  },
];

const startOf = (day: number) => `2026-03-0${day}T10:00:00.000Z`;

beforeAll(async () => {
  t = await createTestApp('search-api');
  for (const s of TRACES) {
    const start = Date.parse(startOf(s.day));
    const res = await t.post('/v1/l/batch', {
      trace: { id: s.id, timestamp: startOf(s.day), userId: s.userId, sessionId: s.session, ...s.trace },
      observations: [
        {
          id: `${s.id}-obs`,
          type: 'GENERATION',
          name: 'llm',
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + s.secs * 1000).toISOString(),
          ...s.observation,
        },
      ],
    });
    expect(res.status).toBe(200);
  }
});
afterAll(() => t?.close());

const q = encodeURIComponent;
async function traceIds(params: string): Promise<{ ids: string[]; total: number }> {
  const res = await t.get(`/api/public/traces?${params}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: res.body.data.map((x: { id: string }) => x.id), total: res.body.meta.totalItems };
}
const found = async (search: string, more = '') => (await traceIds(`search=${q(search)}${more}`)).ids.sort();

describe('GET /api/public/traces?search', () => {
  it('finds a word in the trace or in any of its observations, any case, JSON escapes apart', async () => {
    expect(await found('refund')).toEqual(['s-billing', 's-cafe']);
    expect(await found('REFUND')).toEqual(['s-billing', 's-cafe']);
    expect(await found('issued')).toEqual(['s-billing']);
  });

  it('needs every term, each anywhere in the trace', async () => {
    // s-cafe: "refund" in the trace's input, "delivery" in its observation's input.
    expect(await found('refund delivery')).toEqual(['s-billing', 's-cafe']);
    expect(await found('refund café')).toEqual(['s-cafe']);
    expect(await found('refund nowhere')).toEqual([]);
  });

  it('ignores accents on both sides, and finds Cyrillic in any case', async () => {
    expect(await found('cafe')).toEqual(['s-cafe']);
    expect(await found('CAFÉ')).toEqual(['s-cafe']);
    expect(await found('москву')).toEqual(['s-cafe']);
    expect(await found('ЗАКАЗ')).toEqual(['s-cafe']);
  });

  it('finds a Japanese word inside its sentence, and only where the characters are in a row', async () => {
    expect(await found('東京')).toEqual(['s-tokyo']);
    expect(await found('行き')).toEqual(['s-tokyo']);
    expect(await found('リセット')).toEqual(['s-tokyo']);
    expect(await found('京都')).toEqual([]);
    // Every bigram of 東行 is absent; 京行 would need the characters next to each other.
    expect(await found('東京行き')).toEqual([]);
  });

  it('a single Chinese or Japanese character beside a word must be in the trace too', async () => {
    // s-tokyo holds "travel" and に; no trace holds 猫 or は.
    expect(await found('travelに')).toEqual(['s-tokyo']);
    expect(await found('travel猫')).toEqual([]);
    expect(await found('late猫')).toEqual([]);
    expect(await found('"東京 は"')).toEqual([]);
    expect(await found('"東京 に"')).toEqual(['s-tokyo']);
    const obs = await t.get(`/api/public/observations?search=${q('delivery猫')}`);
    expect(obs.body.data).toEqual([]);
  });

  it('matches a quoted phrase in order, and words joined by punctuation as a phrase', async () => {
    expect(await found('"late delivery"')).toEqual(['s-billing']);
    expect(await found('"delivery was late"')).toEqual(['s-reverse']);
    expect(await found('late delivery')).toEqual(['s-billing', 's-cafe', 's-reverse']);
    expect(await found('us-east-1')).toEqual(['s-billing']);
    expect(await found('billing-check')).toEqual(['s-billing']);
  });

  it('finds words pasted from the raw JSON, its escapes read as the breaks they stand for', async () => {
    // As the trace view's JSON shows the output: "late delivery again\nrefund issued".
    expect(await found('again\\nrefund')).toEqual(['s-billing']);
    expect(await found('"delivery again\\nrefund issued"')).toEqual(['s-billing']);
    expect(await found('again\\u000arefund')).toEqual(['s-billing']);
    // The escape breaks the words; it does not join the two sides into one.
    expect(await found('"again\\nissued"')).toEqual([]);
  });

  it('combines with the other filters and orders, and counts only matches', async () => {
    expect(await found('late delivery', '&userId=u1')).toEqual(['s-billing', 's-cafe']);
    expect(await found('late', '&sessionId=sess-a')).toEqual(['s-cafe', 's-reverse']);
    expect(await found('late', `&fromTimestamp=${q(startOf(3))}`)).toEqual(['s-billing', 's-reverse']);
    expect((await traceIds(`search=late&orderBy=timestamp.asc`)).ids).toEqual(['s-cafe', 's-billing', 's-reverse']);
    expect((await traceIds(`search=late&orderBy=latency.desc`)).ids).toEqual(['s-billing', 's-cafe', 's-reverse']);
    const page = await traceIds('search=late&limit=1&page=2');
    expect(page).toEqual({ ids: ['s-billing'], total: 3 });
    // A page past the last match, and a search of two terms, still count every match.
    expect(await traceIds('search=late&limit=2&page=5')).toEqual({ ids: [], total: 3 });
    expect(await traceIds('search=late delivery&limit=1')).toEqual({ ids: ['s-reverse'], total: 3 });
    expect(await traceIds('search=nowhere&limit=1')).toEqual({ ids: [], total: 0 });
  });

  it.each([
    ['猫', /at least two characters/],
    [' -- ?? ', /letter or a digit/],
    ['x'.repeat(501), /at most 500 characters/],
    [Array.from({ length: 11 }, (_, i) => `w${i}`).join(' '), /at most 10 terms/],
  ])('refuses %j with a 400 that says why', async (search, message) => {
    const res = await t.get(`/api/public/traces?search=${q(search)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(message), code: 'BAD_REQUEST', data: null });
  });

  it('takes an empty or blank search as no search', async () => {
    expect((await traceIds('search=')).total).toBe(4);
    expect((await traceIds(`search=${q('   ')}`)).total).toBe(4);
  });

  it('refuses a search given twice', async () => {
    const res = await t.get('/api/public/traces?search=a&search=b');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/search must be given once/);
  });
});

describe('the text indexes serve the search', () => {
  const plan = async (sql: string, p: ProjectParams) => {
    const rs = await t.db.writer.query({
      query: `EXPLAIN indexes = 1 ${sql}`,
      query_params: p.params,
      format: 'JSONEachRow',
    });
    return ((await rs.json()) as { explain: string }[]).map((r) => r.explain).join('\n');
  };
  /** The plan of the trace search's read of the documents holding `term`, as the trace list runs it. */
  const traces = (term: SearchTerm) => {
    const p = new ProjectParams(DEFAULT_PROJECT_ID);
    return plan(tracesSearched([term], p), p);
  };
  /** The plan of the observation search's read of the pieces holding `term`. */
  const pieces = (term: SearchTerm) => {
    const p = new ProjectParams(DEFAULT_PROJECT_ID);
    return plan(`SELECT id ${fromProject(TABLES.observationPieces, p)} AND ${termMatches(term, p)}`, p);
  };
  const both = (term: SearchTerm) => Promise.all([traces(term), pieces(term)]).then((x) => x.join('\n'));

  it('a word reads the trace documents and the pieces through their word indexes, a Japanese run through the bigram indexes', async () => {
    const words = await both({ text: 'refund', words: ['refund'], cjk: [] });
    expect(words).toMatch(/Name: trace_search_words/);
    expect(words).toMatch(/Name: observation_pieces_search_words/);
    const cjk = await both({ text: '東京に', words: [], cjk: ['東京に'] });
    expect(cjk).toMatch(/Name: trace_search_cjk/);
    expect(cjk).toMatch(/Name: observation_pieces_search_cjk/);
    const phrase = await both({ text: 'late delivery', words: ['late', 'delivery'], cjk: [] });
    expect(phrase).toMatch(/Name: trace_search_words/);
    expect(phrase).toMatch(/Name: observation_pieces_search_words/);
  });
});

describe('text the indexes cannot normalize', () => {
  it('a row of invalid UTF-8 is still stored (the index expression never throws) and its words found', async () => {
    // Ingest always writes valid UTF-8; a row written by other means must not fail the insert.
    await t.db.writer.command({
      query: `INSERT INTO traces_v2 (project_id, id, timestamp, input) VALUES
        ({project:String}, 'bad-utf8', '2026-03-09 10:00:00', (1, concat('zanzibar ', unhex('FF'), ' end')))`,
      query_params: { project: DEFAULT_PROJECT_ID },
    });
    expect(await found('zanzibar')).toEqual(['bad-utf8']);
  });
});

describe('observations and sessions', () => {
  it('v1 lists the observations whose own text holds every term, with their count', async () => {
    const res = await t.get(`/api/public/observations?search=${q('delivery')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { id: string }) => o.id).sort()).toEqual(['s-billing-obs', 's-cafe-obs']);
    expect(res.body.meta.totalItems).toBe(2);
    // "refund" is in s-cafe's trace, not in its observation.
    const refund = await t.get(`/api/public/observations?search=${q('refund')}`);
    expect(refund.body.data.map((o: { id: string }) => o.id)).toEqual(['s-billing-obs']);
  });

  it('v2 takes the same search, with its other filters', async () => {
    const res = await t.get(`/api/public/v2/observations?search=${q('delivery')}&userId=u1`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { id: string }) => o.id).sort()).toEqual(['s-billing-obs', 's-cafe-obs']);
    const none = await t.get(`/api/public/v2/observations?search=${q('パスワード')}&userId=u1`);
    expect(none.body.data).toEqual([]);
    expect((await t.get('/api/public/v2/observations?search=猫')).status).toBe(400);
  });

  it('sessions are those with a trace that matches, counted as such', async () => {
    const res = await t.get(`/api/public/sessions?search=${q('late')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { id: string }) => s.id).sort()).toEqual(['sess-a', 'sess-c']);
    expect(res.body.meta.totalItems).toBe(2);
    const tokyo = await t.get(`/api/public/sessions?search=${q('東京')}`);
    expect(tokyo.body.data.map((s: { id: string }) => s.id)).toEqual(['sess-b']);
  });

  it('a page of sessions past the end still counts the matches', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => t.get(`/api/public/sessions?search=${q('late')}&limit=1&page=${page}`)),
    );
    expect(pages.map((r) => r.body.data.length)).toEqual([1, 1, 0]);
    for (const r of pages) expect(r.body.meta).toMatchObject({ totalItems: 2, totalPages: 2 });
    const all = await t.get('/api/public/sessions?limit=1&page=1000');
    expect(all.body.data).toEqual([]);
    expect(all.body.meta.totalItems).toBeGreaterThanOrEqual(3);
  });
});

describe('projects', () => {
  it("a project's search never finds another project's traces", async () => {
    const created = await t.post('/api/public/projects', { name: 'search-other' });
    expect(created.status).toBeLessThan(300);
    const other = { 'Spanhouse-Project': created.body.id as string };
    const res = await t.post(
      '/v1/l/batch',
      { trace: { id: 'other-refund', timestamp: startOf(5), input: 'refund elsewhere' }, observations: [] },
      other,
    );
    expect(res.status).toBe(200);
    const mine = await t.get(`/api/public/traces?search=refund`);
    expect(mine.body.data.map((x: { id: string }) => x.id).sort()).toEqual(['s-billing', 's-cafe']);
    const theirs = await t.get(`/api/public/traces?search=refund`, other);
    expect(theirs.body.data.map((x: { id: string }) => x.id)).toEqual(['other-refund']);
  });
});

describe('a trace written in pieces', () => {
  it('is found by terms in pieces sent apart, counted once, and placed among the others by time', async () => {
    // Three batches: the trace, then each of two observations; nothing merges the rows in between.
    const trace = { id: 's-pieces', timestamp: startOf(6), input: 'zebra crossing' };
    expect((await t.post('/v1/l/batch', { trace, observations: [] })).status).toBe(200);
    for (const [id, output] of [
      ['s-pieces-1', 'a zebra again'],
      ['s-pieces-2', 'quokka seen late'],
    ]) {
      const observation = { id, type: 'SPAN', startTime: startOf(7), output };
      const res = await t.post('/v1/l/batch', { trace: { id: 's-pieces' }, observations: [observation] });
      expect(res.status).toBe(200);
    }
    expect(await traceIds(`search=${q('zebra quokka')}`)).toEqual({ ids: ['s-pieces'], total: 1 });
    expect(await traceIds('search=zebra')).toEqual({ ids: ['s-pieces'], total: 1 });
    expect(await traceIds('search=quokka&userId=nobody')).toEqual({ ids: [], total: 0 });
    // Placed among the other matches by time, before the rows merge: newest first, oldest first.
    const newest = ['s-pieces', 's-reverse', 's-billing', 's-cafe'];
    expect(await traceIds('search=late')).toEqual({ ids: newest, total: 4 });
    expect((await traceIds('search=late&orderBy=timestamp.asc')).ids).toEqual([...newest].reverse());
  });
});

describe('punctuation and spaces of every script', () => {
  it('a word next to ¿ ¡ ’ “ ” — ، or a no-break space is found as next to ASCII punctuation', async () => {
    const created = await t.post('/api/public/projects', { name: 'search-punctuation' });
    expect(created.status).toBeLessThan(300);
    const other = { 'Spanhouse-Project': created.body.id as string };
    const input = '¿Dónde está mi pedido? ¡Hola! l’école “smartquote” hello—world foo\u00a0nbsp مرحبا، كيف؟';
    const res = await t.post(
      '/v1/l/batch',
      { trace: { id: 'punct', timestamp: startOf(5), input }, observations: [] },
      other,
    );
    expect(res.status).toBe(200);
    for (const search of ['donde', 'hola', 'ecole', 'smartquote', 'world', 'nbsp', 'كيف', '"hello world"', '“Hola”']) {
      const found = await t.get(`/api/public/traces?search=${encodeURIComponent(search)}`, other);
      expect(
        found.body.data.map((x: { id: string }) => x.id),
        search,
      ).toEqual(['punct']);
    }
    const missed = await t.get(`/api/public/traces?search=${encodeURIComponent('"world hello"')}`, other);
    expect(missed.body.data).toEqual([]);
  });
});

/**
 * A project of its own holding one trace whose input and whose observation's output are `text`,
 * and its search: what the trace list and the observation list find there (their ids).
 */
async function projectWith(name: string, text: unknown): Promise<(search: string) => Promise<string[]>> {
  const created = await t.post('/api/public/projects', { name });
  expect(created.status).toBeLessThan(300);
  const headers = { 'Spanhouse-Project': created.body.id as string };
  const observation = { id: `${name}-obs`, type: 'SPAN', startTime: startOf(5), output: text };
  const res = await t.post(
    '/v1/l/batch',
    { trace: { id: name, timestamp: startOf(5), input: text }, observations: [observation] },
    headers,
  );
  expect(res.status).toBe(200);
  return async (search) => {
    const found = await Promise.all(
      ['traces', 'observations'].map((list) =>
        t.get(`/api/public/${list}?search=${encodeURIComponent(search)}`, headers),
      ),
    );
    for (const res of found) expect(res.status, JSON.stringify(res.body)).toBe(200);
    return found.flatMap((res) => res.body.data.map((x: { id: string }) => x.id));
  };
}

describe('backslashes in the text', () => {
  it('finds a text holding backslashes by its words as shown, and by its raw JSON', async () => {
    // One backslash each in the text (stored in the JSON text as \\).
    const search = await projectWith('backslashes', 'open C:\\Users\\bob\\notes.md and C:\\dir\\file.txt, foo\\nbar');
    const words = [
      // As the text shows it: the path, a part of it, its words, and a backslash then a letter.
      'C:\\Users\\bob\\notes.md',
      'dir\\file.txt',
      'bob',
      'notes.md',
      'file',
      'foo\\nbar',
      'bar',
      // As the raw JSON shows it (the backslashes doubled).
      'C:\\\\Users\\\\bob\\\\notes.md',
      'nbar',
    ];
    for (const word of words) expect(await search(word), word).toEqual(['backslashes', 'backslashes-obs']);
    expect(await search('"bob users"')).toEqual([]);
  });
});

describe('Japanese written decomposed', () => {
  it('finds ジャパン stored decomposed (as macOS writes it) by the word precomposed or decomposed, its marks dropped', async () => {
    const decomposed = 'シ\u3099ャハ\u309aンに行く';
    expect(decomposed.normalize('NFC')).toBe('ジャパンに行く');
    const search = await projectWith('decomposed', decomposed);
    // The dakuten and handakuten are dropped on both sides, as accents are: ジャパン is シャハン.
    for (const word of ['ジャパン', 'シ\u3099ャハ\u309aン', 'シャハン', 'パン', 'ハン', 'ジャパンに行く']) {
      expect(await search(word), word).toEqual(['decomposed', 'decomposed-obs']);
    }
    expect(await search('ジャパンに来る')).toEqual([]);
  });

  it('finds precomposed text by a decomposed term', async () => {
    const search = await projectWith('precomposed', 'データベース');
    for (const word of ['テ\u3099ータ', 'データ', 'テータ']) {
      expect(await search(word), word).toEqual(['precomposed', 'precomposed-obs']);
    }
  });
});

describe('case folded, not only lowered', () => {
  it.each([
    ['ß is ss', 'Straße', ['STRASSE', 'strasse', 'Straße', 'STRAẞE']],
    ['the dotless ı is i', 'kırmızı ILIK', ['KIRMIZI', 'kirmizi', 'kırmızı', 'ılık', 'ilik', 'ILIK']],
    ['the dotted İ is i', 'İstanbul', ['istanbul', 'ISTANBUL', 'İSTANBUL']],
    ['the final ς is σ', 'ΟΔΟΣ', ['οδος', 'οδοσ', 'Οδός', 'ΟΔΟΣ']],
  ])('%s', async (name, text, searches) => {
    const id = `fold-${searches[0]!.toLowerCase()}`;
    const search = await projectWith(id, `${text}!`);
    for (const word of searches) expect(await search(word), `${name}: ${word}`).toEqual([id, `${id}-obs`]);
  });
});

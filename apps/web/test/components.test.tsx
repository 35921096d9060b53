import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { LocationProvider } from 'preact-iso';
import { afterEach, describe, expect, it } from 'vitest';
import type { Observation, Trace, TraceListItem } from '../src/api/types.ts';
import { SessionProvider } from '../src/auth/session.tsx';
import { SignIn } from '../src/auth/sign-in.tsx';
import { ChatView } from '../src/chat/chat-view.tsx';
import { SHOW_AT_ONCE } from '../src/components/long-text.tsx';
import { isPastTheEnd, Pagination, PastTheEnd } from '../src/components/pagination.tsx';
import { toChatMessages } from '../src/chat/messages.ts';
import { MetricResults } from '../src/metrics/metric-results.tsx';
import { highlightTerms } from '../src/search/highlight.ts';
import { SearchTerms, TEXT_NODE_CHARS, textPieces } from '../src/search/highlighted.tsx';
import { TraceView } from '../src/trace-detail/trace-page.tsx';
import { TraceTable } from '../src/trace-list/trace-table.tsx';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const at = (ms: number) => new Date(Date.parse('2026-03-01T10:00:00Z') + ms).toISOString();

function observation(o: Partial<Observation> & { id: string }): Observation {
  return {
    projectId: 'spanhouse',
    traceId: 't1',
    type: 'SPAN',
    name: o.id,
    model: null,
    startTime: at(0),
    endTime: at(1000),
    parentObservationId: null,
    usage: { unit: null, input: 0, output: 0, total: 0 },
    latency: 1,
    totalCost: 0,
    metadata: {},
    input: null,
    output: null,
    environment: 'default',
    completionStartTime: null,
    modelParameters: null,
    level: 'DEFAULT',
    statusMessage: null,
    version: null,
    promptId: null,
    promptName: null,
    promptVersion: null,
    usageDetails: {},
    costDetails: {},
    unit: null,
    promptTokens: 0,
    completionTokens: 0,
    totalTokens: 0,
    usagePricingTierName: null,
    usagePricingTierId: null,
    modelId: null,
    inputPrice: null,
    outputPrice: null,
    totalPrice: null,
    calculatedInputCost: null,
    calculatedOutputCost: null,
    calculatedTotalCost: null,
    timeToFirstToken: null,
    events: [],
    ...o,
  };
}

const trace: Trace = {
  id: 't1',
  projectId: 'spanhouse',
  timestamp: at(0),
  name: 'support-chat',
  sessionId: 's1',
  userId: 'u1',
  version: null,
  release: null,
  environment: 'production',
  tags: ['prod'],
  input: { role: 'user', content: 'hi' },
  output: 'hello',
  metadata: {},
  latency: 2,
  totalCost: 0.003,
  public: false,
  bookmarked: false,
  externalId: null,
  htmlPath: '/project/spanhouse/traces/t1',
  observations: [
    observation({ id: 'root', name: 'handle' }),
    observation({
      id: 'gen',
      type: 'GENERATION',
      name: 'llm-call',
      model: 'gpt-4o',
      parentObservationId: 'root',
      startTime: at(100),
      usage: { unit: 'TOKENS', input: 1200, output: 300, total: 1500 },
      totalCost: 0.003,
      input: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is the capital of France?' },
      ],
      output: { role: 'assistant', content: 'Paris.' },
      level: 'WARNING',
      statusMessage: 'slow answer',
      modelParameters: { temperature: 0.2 },
    }),
  ],
  scores: [
    { id: 'sc1', name: 'helpfulness', value: 0.9, dataType: 'NUMERIC', observationId: 'gen', source: 'API' },
    { id: 'sc2', name: 'resolved', value: 1, stringValue: 'True', dataType: 'BOOLEAN', observationId: null },
  ],
};

describe('TraceView', () => {
  const renderTrace = (selectedId: string | null, view: 'tree' | 'timeline' = 'tree') => {
    const updates: unknown[] = [];
    render(<TraceView trace={trace} selectedId={selectedId} view={view} update={(patch) => updates.push(patch)} />);
    return updates;
  };
  const rowNames = () => [...document.querySelectorAll('.obs-row .obs-name')].map((e) => e.textContent);

  it('shows the tree with roll-ups, collapses and expands it', () => {
    renderTrace(null);
    expect(rowNames()).toEqual(['handle', 'llm-call']);
    const root = document.querySelector('[data-observation-id="root"]')!;
    // The parent shows its subtree's tokens and cost.
    expect(root.querySelector('.obs-metrics')!.textContent).toContain('Σ 1.5K');
    expect(root.querySelector('.obs-metrics')!.textContent).toContain('Σ $0.003');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse handle' }));
    expect(rowNames()).toEqual(['handle']);
    fireEvent.click(screen.getByRole('button', { name: 'Expand handle' }));
    expect(rowNames()).toEqual(['handle', 'llm-call']);
  });

  it('keeps a parent of the selection collapsed when the user collapses it', () => {
    renderTrace('gen');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse handle' }));
    expect(rowNames()).toEqual(['handle']);
  });

  it('selects an observation into the URL when a row is clicked', () => {
    const updates = renderTrace(null);
    fireEvent.click(document.querySelector('[data-observation-id="gen"]')!);
    expect(updates).toEqual([{ observation: 'gen' }]);
  });

  it("shows the trace's own input, output and scores when nothing is selected", () => {
    renderTrace(null);
    const detail = screen.getByRole('article', { name: 'Trace' });
    expect(detail.textContent).toContain('hi');
    expect(detail.textContent).toContain('hello');
    expect(detail.textContent).toContain('resolved');
    expect(detail.textContent).toContain('True');
    expect(detail.textContent).not.toContain('helpfulness');
  });

  it("shows a generation's messages as a conversation, with level, parameters and its scores", () => {
    renderTrace('gen');
    const detail = screen.getByRole('article', { name: 'Selected observation' });
    const roles = [...detail.querySelectorAll('.message .role')].map((e) => e.textContent);
    expect(roles).toEqual(['system', 'user', 'assistant']);
    expect(detail.textContent).toContain('What is the capital of France?');
    expect(detail.textContent).toContain('Paris.');
    expect(detail.textContent).toContain('WARNING');
    expect(detail.textContent).toContain('slow answer');
    expect(detail.textContent).toContain('temperature');
    expect(detail.textContent).toContain('helpfulness');
    expect(document.querySelector('[data-observation-id="gen"]')!.classList.contains('level-warning')).toBe(true);
  });

  it('draws the waterfall with a bar per observation', () => {
    renderTrace(null, 'timeline');
    const bars = [...document.querySelectorAll<HTMLElement>('.tl-bar')];
    expect(bars).toHaveLength(2);
    expect(bars[0]!.style.left).toBe('0%');
    expect(bars[1]!.style.left).toBe('10%');
  });
});

describe('ChatView', () => {
  it('renders tool calls and results apart from text', () => {
    const messages = toChatMessages([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', function: { name: 'lookup', arguments: '{"q":"x"}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'found' },
    ])!;
    render(<ChatView messages={messages} />);
    expect(document.querySelector('.tool-call')!.textContent).toContain('Tool call lookup');
    expect(document.querySelector('.tool-call pre')!.textContent).toBe('{\n  "q": "x"\n}');
    expect(document.querySelector('.tool-result')!.textContent).toContain('found');
  });

  it('cuts a long message until asked, as text nodes of a few thousand characters, marks counted', () => {
    const text = 'Отчёт: revenue grew. '.repeat(2_000);
    const messages = toChatMessages([{ role: 'user', content: text }])!;
    render(
      <SearchTerms.Provider value={highlightTerms('revenue')}>
        <ChatView messages={messages} />
      </SearchTerms.Provider>,
    );
    const p = document.querySelector('.message .text')!;
    expect(p.textContent).toBe(`${text.slice(0, SHOW_AT_ONCE)}…`);
    const more = screen.getByRole('button', { name: /^Show all/ });
    const marked = text.split('revenue').length - 1;
    const shown = p.querySelectorAll('mark').length;
    expect(more.textContent).toBe(`Show all 42 KB (${(marked - shown).toLocaleString('en-US')} more marked)`);
    fireEvent.click(more);
    expect(p.textContent).toBe(text);
    expect(p.querySelectorAll('mark')).toHaveLength(marked);
    const nodes = [...p.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE);
    expect(Math.max(...nodes.map((n) => n.textContent!.length))).toBeLessThanOrEqual(TEXT_NODE_CHARS);
  });
});

describe('textPieces', () => {
  it('cuts after a space near the size, never inside a surrogate pair, and loses nothing', () => {
    expect(textPieces('short')).toEqual(['short']);
    const words = 'word '.repeat(1_000);
    const pieces = textPieces(words, 1_000);
    expect(pieces.join('')).toBe(words);
    expect(pieces.every((p) => p.endsWith(' ') && p.length <= 1_000)).toBe(true);
    const emoji = '😀'.repeat(1_500);
    const cut = textPieces(emoji, 1_001);
    expect(cut.join('')).toBe(emoji);
    expect(cut.every((p) => !/^[\uDC00-\uDFFF]/.test(p))).toBe(true);
  });
});

describe('SignIn', () => {
  const fakeFetch = (token: string) => async (_url: RequestInfo | URL, init?: RequestInit) => {
    const ok = (init?.headers as Record<string, string> | undefined)?.Authorization === `Bearer ${token}`;
    return new Response(
      JSON.stringify(
        ok ? { data: [] } : { message: 'missing or invalid credentials', code: 'UNAUTHORIZED', data: null },
      ),
      {
        status: ok ? 200 : 401,
      },
    );
  };

  it('says so when the token is wrong, and keeps nothing', async () => {
    render(
      <SessionProvider>
        <SignIn fetch={fakeFetch('sh_right')} />
      </SessionProvider>,
    );
    fireEvent.input(screen.getByLabelText('API token'), { target: { value: 'sh_wrong' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/refused this token/));
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps a right token (pasted as the start-up banner line) in sessionStorage', async () => {
    render(
      <SessionProvider>
        <SignIn fetch={fakeFetch('sh_right')} />
      </SessionProvider>,
    );
    fireEvent.input(screen.getByLabelText('API token'), { target: { value: 'API_BEARER_TOKEN=sh_right' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    await waitFor(() =>
      expect(sessionStorage.getItem('spanhouse.credentials')).toBe('{"kind":"bearer","token":"sh_right"}'),
    );
  });
});

describe('TraceTable keyboard', () => {
  const item = (id: string): TraceListItem => ({
    ...trace,
    id,
    name: `trace ${id}`,
    observations: [],
    scores: [],
    usage: { input: 1, output: 2, total: 3 },
  });

  it('moves with j/k and opens the active trace with Enter', async () => {
    history.replaceState(null, '', '/traces');
    render(
      <LocationProvider>
        <TraceTable traces={[item('a'), item('b'), item('c')]} onFilter={() => {}} />
      </LocationProvider>,
    );
    for (const key of ['j', 'j', 'j', 'k']) fireEvent.keyDown(window, { key });
    expect(document.querySelector('tr.active')!.getAttribute('data-row-index')).toBe('1');
    fireEvent.keyDown(window, { key: 'Enter' });
    await waitFor(() => expect(location.pathname).toBe('/traces/b'));
  });

  it('acts on keys pressed faster than the page re-renders', async () => {
    history.replaceState(null, '', '/traces');
    render(
      <LocationProvider>
        <TraceTable traces={[item('a'), item('b'), item('c')]} onFilter={() => {}} />
      </LocationProvider>,
    );
    // Dispatched in one go, with no render between them.
    for (const key of ['j', 'j', 'j', 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
    await waitFor(() => expect(location.pathname).toBe('/traces/c'));
  });
});

describe('MetricResults', () => {
  const empty = { data: [], meta: { series_count: 0, truncated: false, latest_ts: null } } as never;

  it('says a metric is not in the project when it is not among its names', () => {
    render(<MetricResults result={empty} name="req_total" window={[0, 1]} unknownIn="team beta" />);
    expect(screen.getByText('No metric req_total in project team beta')).toBeTruthy();
    expect(screen.queryByText(/No points of/)).toBeNull();
  });

  it('says a known metric has no points in the window', () => {
    render(<MetricResults result={empty} name="req_total" window={[0, 1]} />);
    expect(screen.getByText('No points of req_total in this window')).toBeTruthy();
  });
});

describe('a list page past the end', () => {
  it('tells it from an empty list and leads to the first and the last page', () => {
    const pages: number[] = [];
    const meta = { page: 999, limit: 20, totalItems: 45, totalPages: 3 };
    expect(isPastTheEnd(meta, 0)).toBe(true);
    expect(isPastTheEnd({ ...meta, page: 3 }, 0)).toBe(false);
    expect(isPastTheEnd({ ...meta, totalItems: 0, totalPages: 0 }, 0)).toBe(false);
    render(<PastTheEnd meta={meta} noun="trace" onPage={(p) => pages.push(p)} />);
    expect(screen.getByText('No traces on this page')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to the last page (3)' }));
    expect(pages).toEqual([1, 3]);
  });

  it('Previous goes to the last page, not to another empty one', () => {
    const pages: number[] = [];
    render(
      <Pagination
        meta={{ page: 999, limit: 20, totalItems: 45, totalPages: 3 }}
        noun="trace"
        onPage={(p) => pages.push(p)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '← Previous' }));
    expect(pages).toEqual([3]);
  });
});

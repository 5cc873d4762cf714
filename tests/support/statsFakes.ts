/**
 * Local stand-ins for LeetCode's GraphQL endpoint and Codeforces' `user.info`, on 127.0.0.1, speaking
 * their real answer formats. A test picks a mode to make them fail (HTTP error), hang past the
 * app's timeout, answer garbage (HTML, or JSON of another shape) or answer far too much.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'normal' | 'failing' | 'slow' | 'html' | 'wrongShape' | 'huge' | 'limited';

interface FakeLeetCodeUser {
  username: string;
  ranking: number;
  points: number;
  /** Solved questions by difficulty, and accepted / total submissions overall. */
  solved: { Easy: number; Medium: number; Hard: number };
  submissions: { accepted: number; total: number };
}

interface FakeService {
  url: string;
  mode: FakeMode;
  /** Requests received, in order. */
  requests: { method: string; url: string; body: string }[];
}

interface LeetCodeFake extends FakeService {
  users: Map<string, FakeLeetCodeUser>;
}

interface CodeforcesFake extends FakeService {
  /** Handle (lower case) → the user's maxRank; null for a user who never took part in a rated contest. */
  users: Map<string, { handle: string; maxRank: string | null }>;
}

export interface StatsFakes {
  leetcode: LeetCodeFake;
  codeforces: CodeforcesFake;
  close(): Promise<void>;
}

/** How long a 'slow' fake waits before answering: far beyond the timeout the tests configure. */
const SLOW_MS = 3000;
export const QUESTION_TOTALS = { All: 3400, Easy: 850, Medium: 1780, Hard: 770 };

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Answers the fault of a non-normal mode; true when it did. */
async function answerFault(service: FakeService, res: ServerResponse, failing: () => void): Promise<boolean> {
  switch (service.mode) {
    case 'normal':
      return false;
    case 'failing':
      failing();
      return true;
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      if (!res.destroyed) json(res, 200, {});
      return true;
    case 'html':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html><body>Just a moment...</body></html>');
      return true;
    case 'wrongShape':
      json(res, 200, { data: { matchedUser: { username: 42 } }, status: 'OK', result: 'nope' });
      return true;
    case 'huge':
      json(res, 200, { padding: 'x'.repeat(2 * 1024 * 1024) });
      return true;
    case 'limited':
      res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '60' });
      res.end('Too Many Requests');
      return true;
  }
}

function leetCodeAnswer(fake: LeetCodeFake, username: string) {
  const totals = Object.entries(QUESTION_TOTALS).map(([difficulty, count]) => ({ difficulty, count }));
  const user = fake.users.get(username.toLowerCase());
  if (!user) {
    return {
      errors: [
        {
          message: 'That user does not exist.',
          locations: [{ line: 3, column: 3 }],
          path: ['matchedUser'],
          extensions: { handled: true },
        },
      ],
      data: { allQuestionsCount: totals, matchedUser: null },
    };
  }
  const { Easy, Medium, Hard } = user.solved;
  const all = Easy + Medium + Hard;
  const byDifficulty = (submissions: number) => [
    { difficulty: 'All', count: all, submissions },
    { difficulty: 'Easy', count: Easy, submissions: Easy },
    { difficulty: 'Medium', count: Medium, submissions: Medium },
    { difficulty: 'Hard', count: Hard, submissions: Hard },
  ];
  return {
    data: {
      allQuestionsCount: totals,
      matchedUser: {
        username: user.username,
        contributions: { points: user.points },
        profile: { ranking: user.ranking },
        submitStats: {
          acSubmissionNum: byDifficulty(user.submissions.accepted),
          totalSubmissionNum: byDifficulty(user.submissions.total),
        },
      },
    },
  };
}

async function handleLeetCode(fake: LeetCodeFake, req: IncomingMessage, res: ServerResponse, body: string) {
  if (await answerFault(fake, res, () => json(res, 503, { error: 'Service Unavailable' }))) return;
  if (req.method !== 'POST' || req.url !== '/graphql') return json(res, 404, { error: 'Not Found' });
  const request = JSON.parse(body) as { query?: string; variables?: { username?: string } };
  if (!request.query?.includes('matchedUser') || typeof request.variables?.username !== 'string') {
    return json(res, 400, { errors: [{ message: 'Must provide query string.' }] });
  }
  json(res, 200, leetCodeAnswer(fake, request.variables.username));
}

async function handleCodeforces(fake: CodeforcesFake, req: IncomingMessage, res: ServerResponse) {
  const failing = () => json(res, 503, { status: 'FAILED', comment: 'Call limit exceeded' });
  if (await answerFault(fake, res, failing)) return;
  const url = new URL(req.url ?? '/', 'http://fake');
  if (req.method !== 'GET' || url.pathname !== '/api/user.info') return json(res, 404, { status: 'FAILED' });
  const handle = url.searchParams.get('handles') ?? '';
  if (url.searchParams.get('checkHistoricHandles') !== 'false') {
    return json(res, 400, { status: 'FAILED', comment: 'checkHistoricHandles: expected false in this fake' });
  }
  const user = fake.users.get(handle.toLowerCase());
  if (!user)
    return json(res, 400, { status: 'FAILED', comment: `handles: User with handle ${handle} not found` });
  const rated = user.maxRank
    ? { rating: 1500, maxRating: 1600, rank: user.maxRank, maxRank: user.maxRank }
    : {};
  json(res, 200, {
    status: 'OK',
    result: [
      {
        handle: user.handle,
        contribution: 0,
        friendOfCount: 3,
        lastOnlineTimeSeconds: 1_700_000_000,
        registrationTimeSeconds: 1_600_000_000,
        avatar: 'https://userpic.codeforces.org/no-avatar.jpg',
        titlePhoto: 'https://userpic.codeforces.org/no-title.jpg',
        ...rated,
      },
    ],
  });
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse, body: string) => Promise<void>) {
  const server: Server = createServer((req, res) => {
    readBody(req)
      .then((body) => handler(req, res, body))
      .catch(() => json(res, 500, { error: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

export async function startStatsFakes(): Promise<StatsFakes> {
  const leetcode: LeetCodeFake = { url: '', mode: 'normal', requests: [], users: new Map() };
  const codeforces: CodeforcesFake = { url: '', mode: 'normal', requests: [], users: new Map() };
  const lc = await listen(async (req, res, body) => {
    leetcode.requests.push({ method: req.method ?? '', url: req.url ?? '', body });
    await handleLeetCode(leetcode, req, res, body);
  });
  const cf = await listen(async (req, res, body) => {
    codeforces.requests.push({ method: req.method ?? '', url: req.url ?? '', body });
    await handleCodeforces(codeforces, req, res);
  });
  leetcode.url = lc.url;
  codeforces.url = cf.url;
  return {
    leetcode,
    codeforces,
    async close() {
      for (const { server } of [lc, cf]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

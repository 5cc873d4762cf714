import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type Topic } from '../../src/domain/constants.ts';
import { type Poll, pollSchema } from '../../src/domain/entities.ts';
import { AUTH, POLLS, POSTS } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let author: Account;
let voter: Account;
beforeAll(async () => {
  author = await t.signUpAndVerify();
  voter = await t.signUpAndVerify();
});

const ids = (polls: Poll[]) => polls.map((p) => p.id);
const votePoll = (a: Account, pollOptionId: string | undefined) =>
  a.client.post('poll/votepoll', { pollOptionId });

async function newestPolls(n: number, topic: Topic = 'iet'): Promise<Poll[]> {
  const made: Poll[] = [];
  t.clock.advance(60 * 60_000);
  for (let i = 0; i < n; i += 1) {
    t.clock.advance(60_000);
    made.push(await t.createPoll(author, { title: `Poll ${i}?`, topic }));
  }
  return made.reverse();
}

describe('poll/createpoll', () => {
  it('creates a poll with its options in order and answers 200', async () => {
    const res = await author.client.post('poll/createpoll', {
      title: ' Best canteen? ',
      options: ['Main', ' Hostel ', 'Library café'],
      topic: 'lifestyle',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { msg, poll } = res.json();
    expect(msg).toBe(POLLS.created);
    expect(pollSchema.parse(poll)).toEqual(poll);
    expect(poll).toMatchObject({
      title: 'Best canteen?',
      topic: 'lifestyle',
      subCommunity: null,
      userId: author.userID,
      createdBy: { username: author.username, dp: null },
      totalVotes: 0,
      myOptionId: null,
    });
    expect(poll.options.map((o: { text: string; votes: number }) => [o.text, o.votes])).toEqual([
      ['Main', 0],
      ['Hostel', 0],
      ['Library café', 0],
    ]);
  });

  it.each([
    ['one option', { options: ['Only'] }, `options: ${POLLS.tooFewOptions}`],
    [
      'eight options',
      { options: Array.from({ length: 8 }, (_, i) => `o${i}`) },
      `options: ${POLLS.optionsLimit}`,
    ],
    ['a blank option', { options: ['a', ' '] }, `options.1: ${POLLS.optionRequired}`],
    ['no question', { title: '' }, `title: ${POLLS.questionRequired}`],
    ['a 151-character question', { title: 'q'.repeat(151) }, `title: ${POLLS.questionLong}`],
    ['an unknown topic', { topic: 'cooking' }, `topic: ${POSTS.topicRequired}`],
  ])('refuses %s with 400', async (_name, override, msg) => {
    const body = { title: 'Q?', options: ['a', 'b'], topic: 'iet', ...override };
    expectError(await author.client.post('poll/createpoll', body), 400, msg);
  });

  it('accepts seven options', async () => {
    const poll = await t.createPoll(author, {
      options: Array.from({ length: LIMITS.pollOptionsMax }, (_, i) => `o${i}`),
    });
    expect(poll.options).toHaveLength(7);
  });

  it('answers 401 to a visitor', async () => {
    const res = await t.client().post('poll/createpoll', { title: 'Q?', options: ['a', 'b'], topic: 'iet' });
    expectError(res, 401, AUTH.notSignedIn);
  });
});

describe('poll/votepoll', () => {
  it('counts one vote per user per poll; another option moves it', async () => {
    const poll = await t.createPoll(author, { options: ['A', 'B', 'C'] });
    const [a, b] = poll.options;
    const res = await votePoll(voter, a?.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.vote).toEqual({ optionId: a?.id, pollId: poll.id });
    expect(body.poll).toMatchObject({ totalVotes: 1, myOptionId: a?.id });
    expect(body.poll.options.map((o: { votes: number }) => o.votes)).toEqual([1, 0, 0]);

    expect((await votePoll(voter, a?.id)).json().poll.totalVotes).toBe(1);
    const moved = (await votePoll(voter, b?.id)).json().poll;
    expect(moved.options.map((o: { votes: number }) => o.votes)).toEqual([0, 1, 0]);
    expect(moved).toMatchObject({ totalVotes: 1, myOptionId: b?.id });
    const both = (await votePoll(author, b?.id)).json().poll;
    expect(both.options.map((o: { votes: number }) => o.votes)).toEqual([0, 2, 0]);

    const seen = (await voter.client.get(`poll/getpoll?id=${poll.id}`)).json().poll;
    expect(seen).toMatchObject({ totalVotes: 2, myOptionId: b?.id });
    expect((await t.client().get(`poll/getpoll?id=${poll.id}`)).json().poll.myOptionId).toBeNull();
    expect(await t.query(`SELECT * FROM poll_votes WHERE poll_id = '${poll.id}'`)).toHaveLength(2);
  });

  it('answers 404 to an unknown option, 400 to a malformed one, 401 to a visitor', async () => {
    const poll = await t.createPoll(author);
    expectError(await votePoll(voter, crypto.randomUUID()), 404, POLLS.notFound);
    expectError(await votePoll(voter, 'x'), 400, 'pollOptionId: * must be an id');
    expectError(
      await t.client().post('poll/votepoll', { pollOptionId: poll.options[0]?.id }),
      401,
      AUTH.notSignedIn,
    );
  });
});

describe('poll/deletepoll', () => {
  it('lets the author delete a poll with its options and votes, answering 202', async () => {
    const poll = await t.createPoll(author);
    await votePoll(voter, poll.options[0]?.id);
    expectError(await voter.client.del(`poll/deletepoll?id=${poll.id}`), 403, POSTS.notAuthor);
    expectError(await t.client().del(`poll/deletepoll?id=${poll.id}`), 401, AUTH.notSignedIn);
    const res = await author.client.del(`poll/deletepoll?id=${poll.id}`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ msg: POLLS.deleted });
    expectError(await t.client().get(`poll/getpoll?id=${poll.id}`), 404, POLLS.notFound);
    const left = await t.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM poll_options WHERE poll_id = '${poll.id}')::int
            + (SELECT count(*) FROM poll_votes WHERE poll_id = '${poll.id}')::int AS n`,
    );
    expect(left[0]?.n).toBe(0);
    expectError(await author.client.del(`poll/deletepoll?id=${poll.id}`), 404, POLLS.notFound);
  });
});

describe('poll reads', () => {
  it('poll/getallpolls lists polls newest first, 15 by default, by offset and limit', async () => {
    const mine = await newestPolls(16);
    expect(ids((await t.client().get('poll/getallpolls')).json().polls)).toEqual(ids(mine.slice(0, 15)));
    expect(ids((await t.client().get('poll/getallpolls?offset=2&limit=3')).json().polls)).toEqual(
      ids(mine.slice(2, 5)),
    );
  });

  it('poll/q/hottopicspoll lists the polls of one topic, 10 by default', async () => {
    const dsa = await newestPolls(12, 'dsa');
    await newestPolls(1, 'sports');
    const first = (await t.client().get('poll/q/hottopicspoll?topic=dsa')).json().polls as Poll[];
    expect(ids(first)).toEqual(ids(dsa.slice(0, 10)));
    const next = (await t.client().get('poll/q/hottopicspoll?topic=dsa&offset=10&limit=10')).json().polls;
    expect(ids(next)).toEqual(ids(dsa.slice(10, 12)));
    expectError(await t.client().get('poll/q/hottopicspoll?topic=x'), 400, `topic: ${POSTS.topicRequired}`);
  });

  it('poll/getpoll and poll/getpollRoom answer for a poll, 404 for an unknown one', async () => {
    const poll = await t.createPoll(author);
    expect((await t.client().get(`poll/getpoll?id=${poll.id}`)).json()).toEqual({ poll });
    expect((await t.client().get(`poll/getpollRoom?id=${poll.id}`)).json()).toEqual({ fetch: true });
    const unknown = crypto.randomUUID();
    expectError(await t.client().get(`poll/getpoll?id=${unknown}`), 404, POLLS.notFound);
    expectError(await t.client().get(`poll/getpollRoom?id=${unknown}`), 404, POLLS.notFound);
    expectError(await t.client().get('poll/getpoll?id=1'), 400, 'id: * must be an id');
  });
});

import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

describe('OpenAPI at /api/docs', () => {
  it('lists every route with its method', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const { paths } = res.json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m} ${path}`),
    );
    expect(routes.sort()).toEqual(
      [
        'get /api/health',
        'get /api/health/ready',
        'get /api/auth/generateusername',
        'post /api/auth/signup',
        'post /api/auth/varifyotp',
        'post /api/auth/resendotp',
        'post /api/auth/signin',
        'post /api/auth/resetpass',
        'post /api/auth/updatepass',
        'post /api/auth/logout',
        'post /api/auth/refreshsignin',
        'get /api/u/{email}',
        'get /api/u/notification',
        'post /api/u/sendnotification',
        'get /api/posts/getPost',
        'get /api/posts/getapost',
        'get /api/posts/q/hottopic',
        'get /api/posts/popular',
        'post /api/posts/postWithImg',
        'delete /api/posts/delete',
        'post /api/posts/vote',
        'post /api/posts/upvoteNum',
        'post /api/posts/createcomment',
        'delete /api/posts/deleteComment',
        'post /api/poll/createpoll',
        'post /api/poll/votepoll',
        'delete /api/poll/deletepoll',
        'get /api/poll/getallpolls',
        'get /api/poll/q/hottopicspoll',
        'get /api/poll/getpoll',
        'get /api/poll/getpollRoom',
        'get /api/rooms/getAllRoom/{userID}',
        'get /api/rooms/notJoinedRoom',
        'get /api/rooms/titleNameIsUnique',
        'post /api/rooms/create',
        'get /api/rooms/showRoom/{title}',
        'post /api/rooms/join',
        'post /api/rooms/leave/{roomId}',
        'post /api/rooms/update',
        'post /api/rooms/addUserinRoom/{username}',
        'post /api/rooms/acceptJoiningRequest',
        'post /api/rooms/updatebgImg',
        'post /api/rooms/updatedp',
        'delete /api/rooms/delete',
        'post /api/u/update',
        'post /api/u/setLcVisibility',
        'post /api/u/uploadImg',
        'post /api/u/updatebg',
        'delete /api/u/deleteAccount',
        'post /api/u/markallasread',
        'post /api/u/markasread',
        'post /api/u/addLeetCode',
        'post /api/u/addCodeforces',
        'get /api/search/getusers',
        'get /api/search/getauser',
        'get /api/search/getuserposts',
        'get /api/search/getuserpolls',
        'get /api/search/getusercomments',
        'get /api/search/getuserupvotes',
        'get /api/search/getuseroverview',
        'post /api/search/getLCdata',
        'post /api/search/getLCdata/',
      ].sort(),
    );
  });

  it('describes the request bodies from the shared schemas', async () => {
    const { paths } = (await t.client().get('/api/docs/json')).json();
    const signup = paths['/api/auth/signup'].post.requestBody.content['application/json'].schema;
    expect(signup.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));
  });

  it('serves the UI', async () => {
    const res = await t.client().get('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('auth/generateusername', () => {
  it('suggests 8 distinct pronounceable usernames that nobody holds', async () => {
    const taken = await t.signUpAndVerify();
    const res = await t.client().get('auth/generateusername');
    expect(res.statusCode).toBe(200);
    const { usernames } = res.json() as { usernames: string[] };
    expect(usernames).toHaveLength(8);
    expect(new Set(usernames.map((u) => u.toLowerCase())).size).toBe(8);
    for (const name of usernames) expect(name).toMatch(/^[A-Z][a-z]{3,}\d{2}$/);
    expect(usernames).not.toContain(taken.username);
  });
});

import { describe, expect, it } from 'vitest';
import { POSTS } from '../../src/domain/messages.ts';
import { expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}
type Paths = Record<string, Record<string, Operation>>;

const JSON_BODY = 'application/json';
const FORM = 'multipart/form-data';
/** Every operation but GET, and the body the app reads from it (null: none). */
const BODIES: Record<string, typeof JSON_BODY | typeof FORM | null> = {
  'post /api/auth/signup': JSON_BODY,
  'post /api/auth/varifyotp': JSON_BODY,
  'post /api/auth/resendotp': JSON_BODY,
  'post /api/auth/signin': JSON_BODY,
  'post /api/auth/resetpass': JSON_BODY,
  'post /api/auth/updatepass': JSON_BODY,
  'post /api/auth/logout': null,
  'post /api/auth/refreshsignin': null,
  'post /api/u/update': JSON_BODY,
  'post /api/u/setLcVisibility': JSON_BODY,
  'post /api/u/setCommentSort': JSON_BODY,
  'post /api/u/uploadImg': FORM,
  'post /api/u/updatebg': FORM,
  'delete /api/u/deleteAccount': null,
  'post /api/u/sendnotification': JSON_BODY,
  'post /api/u/markallasread': null,
  'post /api/u/markasread': JSON_BODY,
  'post /api/u/addLeetCode': JSON_BODY,
  'post /api/u/addCodeforces': JSON_BODY,
  'post /api/posts/postWithImg': FORM,
  'delete /api/posts/delete': JSON_BODY,
  'post /api/posts/vote': JSON_BODY,
  'post /api/posts/upvoteNum': JSON_BODY,
  'post /api/posts/createcomment': JSON_BODY,
  'delete /api/posts/deleteComment': JSON_BODY,
  'post /api/poll/createpoll': JSON_BODY,
  'post /api/poll/votepoll': JSON_BODY,
  'delete /api/poll/deletepoll': null,
  'post /api/posts/edit': JSON_BODY,
  'post /api/posts/editComment': JSON_BODY,
  'post /api/poll/edit': JSON_BODY,
  'post /api/rooms/create': FORM,
  'post /api/rooms/join': JSON_BODY,
  'post /api/rooms/leave/{roomId}': null,
  'post /api/rooms/update': JSON_BODY,
  'post /api/rooms/addUserinRoom/{username}': JSON_BODY,
  'post /api/rooms/acceptJoiningRequest': JSON_BODY,
  'post /api/rooms/declineJoiningRequest': JSON_BODY,
  'post /api/rooms/cancelJoiningRequest': JSON_BODY,
  'post /api/rooms/updatebgImg': FORM,
  'post /api/rooms/updatedp': FORM,
  'delete /api/rooms/delete': JSON_BODY,
  'post /api/rooms/removeItem': JSON_BODY,
  'post /api/rooms/removeMember': JSON_BODY,
  'post /api/search/getLCdata': JSON_BODY,
  'post /api/search/getLCdata/': JSON_BODY,
  'post /api/reports': JSON_BODY,
  'post /api/u/block': JSON_BODY,
  'post /api/u/unblock': JSON_BODY,
  'post /api/safety/hide': JSON_BODY,
  'post /api/safety/unhide': JSON_BODY,
  'post /api/mod/dismiss': JSON_BODY,
  'post /api/mod/propose': JSON_BODY,
  'post /api/mod/confirm': JSON_BODY,
  'post /api/appeals': JSON_BODY,
  'post /api/mod/appeals/decide': JSON_BODY,
};

/** The six image forms: their text fields (required ones marked `!`) and their file part. */
const FORMS: Record<string, { fields: string[]; file: string; fileRequired: boolean }> = {
  'post /api/posts/postWithImg': {
    fields: ['title!', 'topic', 'body!', 'imgAlt', 'subCommunity'],
    file: 'postImg',
    fileRequired: false,
  },
  'post /api/rooms/create': { fields: ['title!', 'desc', 'privacy'], file: 'roomImg', fileRequired: false },
  'post /api/rooms/updatebgImg': { fields: ['title!'], file: 'bgImg', fileRequired: true },
  'post /api/rooms/updatedp': { fields: ['title!'], file: 'roomImg', fileRequired: true },
  'post /api/u/uploadImg': { fields: [], file: 'profileImg', fileRequired: true },
  'post /api/u/updatebg': { fields: [], file: 'bgImg', fileRequired: true },
};

const docPaths = async () => (await t.client().get('/api/docs/json')).json().paths as Paths;
const operations = (paths: Paths) =>
  Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method} ${path}`,
      method,
      path,
      operation,
    })),
  );
/** The URL of an operation, its path parameters filled and the query `poll/deletepoll` needs. */
const urlOf = (path: string) =>
  path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000') +
  (path.endsWith('deletepoll') ? '?id=00000000-0000-4000-8000-000000000000' : '');

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
        'get /api/health/pool',
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
        'get /api/posts/getacomment',
        'post /api/posts/createcomment',
        'delete /api/posts/deleteComment',
        'post /api/poll/createpoll',
        'post /api/poll/votepoll',
        'delete /api/poll/deletepoll',
        'get /api/poll/getallpolls',
        'get /api/poll/q/hottopicspoll',
        'get /api/poll/getpoll',
        'get /api/poll/getpollRoom',
        'post /api/posts/edit',
        'post /api/posts/editComment',
        'post /api/poll/edit',
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
        'post /api/rooms/declineJoiningRequest',
        'post /api/rooms/cancelJoiningRequest',
        'post /api/rooms/updatebgImg',
        'post /api/rooms/updatedp',
        'delete /api/rooms/delete',
        'post /api/rooms/removeItem',
        'post /api/rooms/removeMember',
        'get /api/rooms/members/{title}',
        'get /api/rooms/log/{title}',
        'post /api/u/update',
        'post /api/u/setLcVisibility',
        'post /api/u/setCommentSort',
        'post /api/u/uploadImg',
        'post /api/u/updatebg',
        'delete /api/u/deleteAccount',
        'post /api/u/markallasread',
        'post /api/u/markasread',
        'post /api/u/addLeetCode',
        'post /api/u/addCodeforces',
        'get /api/search/getusers',
        'get /api/search/getposts',
        'get /api/search/getcomments',
        'get /api/search/getmembercandidates',
        'get /api/search/getauser',
        'get /api/search/getuserposts',
        'get /api/search/getuserpolls',
        'get /api/search/getusercomments',
        'get /api/search/getuserupvotes',
        'get /api/search/getuseroverview',
        'post /api/search/getLCdata',
        'post /api/search/getLCdata/',
        'post /api/reports',
        'post /api/u/block',
        'post /api/u/unblock',
        'get /api/u/blocked',
        'post /api/safety/hide',
        'post /api/safety/unhide',
        'get /api/safety/resources',
        'get /api/mod/queue',
        'post /api/mod/dismiss',
        'post /api/mod/propose',
        'post /api/mod/confirm',
        'get /api/mod/log',
        'post /api/appeals',
        'get /api/mod/appeals',
        'post /api/mod/appeals/decide',
        'get /api/events',
      ].sort(),
    );
  });

  it('describes the live stream as text/event-stream with its event names', async () => {
    const { paths } = (await t.client().get('/api/docs/json')).json();
    const events = paths['/api/events'].get;
    expect(Object.keys(events.responses['200'].content)).toEqual(['text/event-stream']);
    expect(events.description).toContain('comment.added');
    expect(events.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['lastEventId', 'watch']);
  });

  it('describes the request bodies from the shared schemas', async () => {
    const { paths } = (await t.client().get('/api/docs/json')).json();
    const signup = paths['/api/auth/signup'].post.requestBody.content['application/json'].schema;
    expect(signup.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));
  });

  it('documents the body of every operation that reads one, with its content type, and no other', async () => {
    const writes = operations(await docPaths()).filter((o) => o.method !== 'get');
    expect(writes.map((o) => o.key).sort()).toEqual(Object.keys(BODIES).sort());
    for (const { key, operation } of writes) {
      const type = BODIES[key];
      if (!type) {
        expect(operation.requestBody, key).toBeUndefined();
        continue;
      }
      expect(operation.requestBody?.required, key).toBe(true);
      expect(Object.keys(operation.requestBody?.content ?? {}), key).toEqual([type]);
      // An object with its fields, or a choice of such (auth/signin: by e-mail or by username).
      const schema = operation.requestBody?.content[type]?.schema ?? {};
      for (const branch of schema.anyOf ?? schema.oneOf ?? [schema]) {
        expect(branch.type, key).toBe('object');
        expect(Object.keys(branch.properties ?? {}).length, key).toBeGreaterThan(0);
      }
    }
  });

  it('matches what the app reads: JSON bodies are checked, forms want multipart, the rest ignore a body', async () => {
    const visitor = t.client();
    await visitor.get('/');
    const account = await t.signUpAndVerify();
    for (const [key, type] of Object.entries(BODIES)) {
      const [method = '', path = ''] = key.split(' ');
      const url = urlOf(path);
      if (type === JSON_BODY) {
        // An array is no object: only a route that validates its JSON body refuses it.
        const res = await visitor.send(method.toUpperCase() as 'POST', url, '[]');
        expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      } else if (type === FORM) {
        const res = await account.client.post(url, '{}');
        expect(res.statusCode, `${key}: ${res.body}`).toBe(415);
      } else {
        const res = await visitor.send(method.toUpperCase() as 'POST', url, '[]');
        expect([200, 401], `${key}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });

  it('lists the text fields of the six image forms from their schemas, and the file part as binary', async () => {
    const paths = await docPaths();
    for (const [key, form] of Object.entries(FORMS)) {
      const [method = '', path = ''] = key.split(' ');
      const schema = paths[path]?.[method]?.requestBody?.content[FORM]?.schema ?? {};
      const properties = schema.properties ?? {};
      expect(Object.keys(properties).sort(), key).toEqual(
        [...form.fields.map((f) => f.replace('!', '')), form.file].sort(),
      );
      expect(properties[form.file], key).toMatchObject({ type: 'string', format: 'binary' });
      for (const field of form.fields) expect(properties[field.replace('!', '')]?.type, key).toBe('string');
      const required = [...form.fields.filter((f) => f.endsWith('!')).map((f) => f.replace('!', ''))];
      if (form.fileRequired) required.push(form.file);
      expect([...(schema.required ?? [])].sort(), key).toEqual(required.sort());
    }
    // The fields' rules are the schemas the routes check them with (src/domain/roomValidation.ts).
    const create = paths['/api/rooms/create']?.post?.requestBody?.content[FORM]?.schema.properties ?? {};
    expect(create.title).toMatchObject({ minLength: 3, maxLength: 25 });
    expect(create.privacy).toMatchObject({ enum: ['true', 'false'] });
  });

  it("names each form's file part as the route reads it", async () => {
    const account = await t.signUpAndVerify();
    const paths = await docPaths();
    const file = { data: Buffer.from('not an image'), filename: 'a.jpg' };
    for (const key of Object.keys(FORMS)) {
      const [method = '', path = ''] = key.split(' ');
      const properties = paths[path]?.[method]?.requestBody?.content[FORM]?.schema.properties ?? {};
      const documented = Object.keys(properties).find((name) => properties[name]?.format === 'binary');
      const url = path.replace('/api/', '');
      // Under its documented name the file is taken as the image (then the form or the file is
      // refused for what it is); under any other name it is a stray file.
      const taken = await account.client.postForm(url, { [`${documented}`]: file });
      expect(taken.statusCode, key).toBe(400);
      expect(taken.json().msg, key).not.toBe(POSTS.imageOnly);
      expectError(await account.client.postForm(url, { [`${documented}Other`]: file }), 400, POSTS.imageOnly);
    }
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

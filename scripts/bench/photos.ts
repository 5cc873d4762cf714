/**
 * Posts with photos at the top of the home feed, so that the web section measures a feed whose image
 * weight is real: photo-like JPEGs (smooth colour fields under grain, 1600×1200 as phones send them
 * after the app's compression) posted through the real API by bench accounts, so the server stores
 * them as it stores any upload. Posted once per database: posts already carrying the title are reused.
 */
import sharp from 'sharp';
import type { Session } from './http.ts';

const PHOTO_TITLE = 'Bench photo';
export const PHOTO_POSTS = 6;
const WIDTH = 1600;
const HEIGHT = 1200;
const TOPIC = 'lifestyle';

/** A deterministic photo-like JPEG: a random 16×12 colour grid scaled up smoothly, with grain. */
async function photo(seed: number): Promise<Buffer> {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const grid = Buffer.from(Array.from({ length: 16 * 12 * 3 }, () => Math.floor(random() * 256)));
  const fields = await sharp(grid, { raw: { width: 16, height: 12, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  return sharp(fields)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function photoPostsOnHome(url: string): Promise<number> {
  const res = await fetch(`${url}/api/posts/getPost?offset=0&limit=${PHOTO_POSTS}`);
  if (!res.ok) throw new Error(`posts/getPost answered ${res.status}`);
  const { posts } = (await res.json()) as { posts: { title: string }[] };
  return posts.filter((p) => p.title.startsWith(PHOTO_TITLE)).length;
}

/** Makes sure the first posts of / carry photos; returns how many were posted now. */
export async function postPhotos(url: string, sessions: Session[]): Promise<number> {
  if ((await photoPostsOnHome(url)) >= PHOTO_POSTS) return 0;
  for (let n = 1; n <= PHOTO_POSTS; n += 1) {
    const session = sessions[n % sessions.length];
    if (!session) throw new Error('no signed-in bench account to post photos with');
    const form = new FormData();
    form.set('title', `${PHOTO_TITLE} ${n}: the view from the library roof`);
    form.set('topic', TOPIC);
    form.set('body', 'Taken this morning between classes.');
    form.set('postImg', new Blob([new Uint8Array(await photo(n))], { type: 'image/jpeg' }), `photo-${n}.jpg`);
    const res = await fetch(`${url}/api/posts/postWithImg`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf },
      body: form,
    });
    if (res.status !== 201) throw new Error(`posting photo ${n}: ${res.status} ${await res.text()}`);
  }
  return PHOTO_POSTS;
}

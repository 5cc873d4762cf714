/** Random pronounceable usernames (consonant-vowel syllables and two digits), e.g. `Velmaro42`. */
import { randomInt } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { LIMITS } from '../../../src/domain/constants.ts';
import { usernameSchema } from '../../../src/domain/validation.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

const CONSONANTS = 'bcdfghjklmnprstvz';
const VOWELS = 'aeiou';
const pick = (letters: string) => letters[randomInt(letters.length)] ?? '';

function pronounceableName(): string {
  const syllables = 2 + randomInt(3);
  let name = '';
  for (let i = 0; i < syllables; i += 1) name += pick(CONSONANTS) + pick(VOWELS);
  if (randomInt(3) === 0) name += pick(CONSONANTS);
  const digits = String(randomInt(100)).padStart(2, '0');
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${digits}`;
}

/** `count` distinct names nobody holds (case-insensitively), checked in one query per batch. */
export async function availableUsernames(
  db: Executor,
  count: number = LIMITS.usernameBatch,
): Promise<string[]> {
  const chosen: string[] = [];
  for (let round = 0; round < 5 && chosen.length < count; round += 1) {
    const candidates = new Map<string, string>();
    while (candidates.size < count * 2) {
      const name = pronounceableName();
      const key = name.toLowerCase();
      if (usernameSchema.safeParse(name).success && !chosen.some((c) => c.toLowerCase() === key)) {
        candidates.set(key, name);
      }
    }
    const taken = await db
      .select({ key: sql<string>`lower(${users.username})` })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, [...candidates.keys()]));
    for (const { key } of taken) candidates.delete(key);
    chosen.push(...[...candidates.values()].slice(0, count - chosen.length));
  }
  return chosen;
}

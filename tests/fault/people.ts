/** People of the fault suite: accounts signed up over HTTP with the mailed code, signed in. */
import type { SmtpCapture } from '../support/smtpCapture.ts';
import { PASSWORD, randomEmail, randomUsername } from '../support/testApp.ts';
import { type Answer, signUp, WebSession } from '../support/webSession.ts';

export interface Person {
  session: WebSession;
  userId: string;
  email: string;
}

/** Sign-ups hash a password each: a few at a time. */
const AT_ONCE = 4;

export async function signUpPerson(base: string, smtp: SmtpCapture): Promise<Person> {
  const session = new WebSession(base);
  const email = randomEmail();
  const userId = await signUp(session, smtp, { email, username: randomUsername(), password: PASSWORD });
  return { session, userId, email };
}

export async function signUpPeople(base: string, smtp: SmtpCapture, count: number): Promise<Person[]> {
  const people: Person[] = [];
  while (people.length < count) {
    const batch = Math.min(AT_ONCE, count - people.length);
    people.push(...(await Promise.all(Array.from({ length: batch }, () => signUpPerson(base, smtp)))));
  }
  return people;
}

/** How many answers had each status. */
export function countStatuses(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

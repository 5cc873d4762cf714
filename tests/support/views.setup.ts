import { cleanup, configure } from '@testing-library/react';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach } from 'vitest';
import { answerCallsWith } from '../../src/services/http.ts';

// findBy/waitFor wait up to 5 s instead of 1 s: a screen's first lazy import is transformed on demand,
// which on a loaded 2-core CI machine can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });

// Views run on fake services. A page left on its live machines (one a test does not look at) gets an
// immediate network failure here instead of opening a socket to a server that is not there.
export const noRequests = async (config: InternalAxiosRequestConfig): Promise<never> => {
  throw new AxiosError(`views tests make no requests (${config.url})`, AxiosError.ERR_NETWORK, config);
};
answerCallsWith(noRequests);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

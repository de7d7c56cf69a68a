import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/test/jwt';
import { endSession, startSession } from './session';
import { sessionListOptions } from './session-lists';

const offices = [{ officeId: 1, officeName: 'Main Street' }];

function options(fetchList: () => Promise<typeof offices>) {
  return { queryKey: ['references', 'offices'], ...sessionListOptions('offices', fetchList) };
}

describe('session lists', () => {
  beforeEach(() => {
    localStorage.clear();
    startSession({ userId: 5, firstName: 'Dana', lastName: 'Demo' }, fakeJwt({ userId: 5 }), 'demo');
  });

  it('are fetched once in a session, and a reload within it shows the kept copy without asking again', async () => {
    const fetchList = vi.fn(async () => offices);
    expect(await new QueryClient().fetchQuery(options(fetchList))).toEqual(offices);
    expect(fetchList).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('pocketchart.lists.offices') ?? 'null')).toEqual(offices);

    // A reload: a new query cache over the same browser storage.
    const afterReload = new QueryClient();
    expect(await afterReload.fetchQuery(options(fetchList))).toEqual(offices);
    expect(fetchList).toHaveBeenCalledTimes(1);
  });

  it('are fetched afresh after the session ends and at every login', async () => {
    const fetchList = vi.fn(async () => offices);
    await new QueryClient().fetchQuery(options(fetchList));
    endSession('logout', 'Logged Out Successfully');
    expect(localStorage.getItem('pocketchart.lists.offices')).toBeNull();

    localStorage.setItem('pocketchart.lists.offices', JSON.stringify(offices));
    startSession({ userId: 6, firstName: 'Lee', lastName: 'Other' }, fakeJwt({ userId: 6 }), 'lee');
    expect(localStorage.getItem('pocketchart.lists.offices')).toBeNull();
    await new QueryClient().fetchQuery(options(fetchList));
    expect(fetchList).toHaveBeenCalledTimes(2);
  });

  it('ignore a kept copy that is not a list, and fetch', async () => {
    const fetchList = vi.fn(async () => offices);
    for (const kept of ['{"officeId":1}', 'not json']) {
      localStorage.setItem('pocketchart.lists.offices', kept);
      expect(await new QueryClient().fetchQuery(options(fetchList))).toEqual(offices);
    }
    expect(fetchList).toHaveBeenCalledTimes(2);
  });
});

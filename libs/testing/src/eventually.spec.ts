import { eventually } from './eventually';

describe('eventually', () => {
  it('returns the first value that is neither undefined nor false, retrying errors meanwhile', async () => {
    let calls = 0;
    const value = await eventually('the third call', async () => {
      calls += 1;
      if (calls === 1) throw new Error('not connected yet');
      return calls === 3 ? { calls } : false;
    });
    expect(value).toEqual({ calls: 3 });
  });

  it('fails after the deadline, naming what it waited for and the last error', async () => {
    await expect(
      eventually('the broker', async () => {
        throw new Error('ECONNREFUSED');
      }, 120),
    ).rejects.toThrow('Timed out waiting for the broker: Error: ECONNREFUSED');
  });

  it('words a failure when it happens, so it can say how far the wait got', async () => {
    let seen = 0;
    await expect(
      eventually(() => `5 messages (have ${seen})`, async () => {
        seen += 1;
        return false;
      }, 120),
    ).rejects.toThrow(/Timed out waiting for 5 messages \(have [1-9]\d*\)/);
  });
});

import { OPEN_RETURN_STATUSES, RETURN_STATUSES } from '@marketplace/shared';
import { expect, it } from 'vitest';
import { isOpenReturn } from './return-status';

it('counts as open exactly the statuses the server keeps one request per item for', () => {
  expect(RETURN_STATUSES.filter(isOpenReturn)).toEqual([...OPEN_RETURN_STATUSES]);
});

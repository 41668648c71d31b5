import { hexEncode } from '../encoding/base64';
import type { RandomPort } from '../ports';

/**
 * A fresh id for a stored record (a profile, a saved token, a history entry): `prefix` and 8 random octets in hex,
 * within the stores' id pattern (1 to 64 of A-Z a-z 0-9 - _). 64 random bits keep one store's ids apart.
 */
export const newRecordId = (random: RandomPort, prefix = ''): string => prefix + hexEncode(random.bytes(8));

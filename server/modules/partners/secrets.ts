import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mayaKeyPair } from '../../providers/payments/simulators';

/**
 * The super-app host simulator's keys, generated at the first start into
 * <dataDir>/partner-host-secrets.json (mode 600), never in the repository: our RSA pair (we sign our
 * requests; the host holds the public half), the host's pair (it signs its answers and notifyPayment;
 * we hold the public half), our client id and the Maya-style host's encryption pair, as a real host's developer console would issue them.
 */
export interface HostKeys {
  clientId: string;
  ourPrivateKeyPem: string;
  ourPublicKeyPem: string;
  hostPrivateKeyPem: string;
  hostPublicKeyPem: string;
  /** Our key pair for the wallet mini-app (Maya style): the host encrypts its access token to the public half. */
  mayaMerchantPrivateKeyPem: string;
  mayaMerchantPublicKeyPem: string;
}

export const HOST_SECRETS_FILE = 'partner-host-secrets.json';

export function loadHostKeys(dataDir: string): HostKeys {
  const file = join(dataDir, HOST_SECRETS_FILE);
  if (existsSync(file)) {
    const existing = JSON.parse(readFileSync(file, 'utf8')) as Partial<HostKeys>;
    const keys: (keyof HostKeys)[] = [
      'clientId',
      'ourPrivateKeyPem',
      'ourPublicKeyPem',
      'hostPrivateKeyPem',
      'hostPublicKeyPem',
      'mayaMerchantPrivateKeyPem',
      'mayaMerchantPublicKeyPem',
    ];
    if (keys.every((key) => typeof existing[key] === 'string' && existing[key].length >= 8)) return existing as HostKeys;
  }
  const ours = mayaKeyPair();
  const host = mayaKeyPair();
  const merchant = mayaKeyPair();
  const keys: HostKeys = {
    clientId: `2022${randomBytes(6).toString('hex').toUpperCase()}`,
    ourPrivateKeyPem: ours.privateKeyPem,
    ourPublicKeyPem: ours.publicKeyPem,
    hostPrivateKeyPem: host.privateKeyPem,
    hostPublicKeyPem: host.publicKeyPem,
    mayaMerchantPrivateKeyPem: merchant.privateKeyPem,
    mayaMerchantPublicKeyPem: merchant.publicKeyPem,
  };
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

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
  /** The e-commerce host's (Lazada style) own client id and signing pair: a second merchant registration. */
  lazadaClientId: string;
  lazadaHostPrivateKeyPem: string;
  lazadaHostPublicKeyPem: string;
}

/** The signing of one super-app host: our client id there, and its key pair (we hold the public half). */
export interface SuperAppKeys {
  clientId: string;
  ourPrivateKeyPem: string;
  ourPublicKeyPem: string;
  hostPrivateKeyPem: string;
  hostPublicKeyPem: string;
}

export function superAppKeys(keys: HostKeys, host: 'gcash' | 'lazada'): SuperAppKeys {
  const { ourPrivateKeyPem, ourPublicKeyPem } = keys;
  return host === 'lazada'
    ? {
        clientId: keys.lazadaClientId,
        ourPrivateKeyPem,
        ourPublicKeyPem,
        hostPrivateKeyPem: keys.lazadaHostPrivateKeyPem,
        hostPublicKeyPem: keys.lazadaHostPublicKeyPem,
      }
    : {
        clientId: keys.clientId,
        ourPrivateKeyPem,
        ourPublicKeyPem,
        hostPrivateKeyPem: keys.hostPrivateKeyPem,
        hostPublicKeyPem: keys.hostPublicKeyPem,
      };
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
    if (keys.every((key) => typeof existing[key] === 'string' && existing[key].length >= 8)) {
      if (typeof existing.lazadaClientId === 'string' && typeof existing.lazadaHostPrivateKeyPem === 'string') return existing as HostKeys;
      // A file from before the second host: its keys kept, the new host's added.
      const added = { ...(existing as HostKeys), ...lazadaKeys() };
      writeFileSync(file, `${JSON.stringify(added, null, 2)}\n`, { mode: 0o600 });
      return added;
    }
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
    ...lazadaKeys(),
  };
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

function lazadaKeys(): Pick<HostKeys, 'lazadaClientId' | 'lazadaHostPrivateKeyPem' | 'lazadaHostPublicKeyPem'> {
  const pair = mayaKeyPair();
  return {
    lazadaClientId: `LZD${randomBytes(6).toString('hex').toUpperCase()}`,
    lazadaHostPrivateKeyPem: pair.privateKeyPem,
    lazadaHostPublicKeyPem: pair.publicKeyPem,
  };
}

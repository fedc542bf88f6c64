import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mayaKeyPair, type SimulatorSecrets } from '../../providers/payments/simulators';

/**
 * The payment simulators' secrets (webhook HMAC secret, Maya's RSA key pair, Xendit's callback token):
 * generated at the first start into <dataDir>/payment-simulator-secrets.json (mode 600) like the other
 * secrets, never in the repository. The simulator signs with them and our webhook routes verify with
 * the same values, as a provider's dashboard and our configuration would share them.
 */
export interface SimulatorKeys extends SimulatorSecrets {
  mayaPublicKeyPem: string;
}

export const SIMULATOR_SECRETS_FILE = 'payment-simulator-secrets.json';

export function loadSimulatorSecrets(dataDir: string): SimulatorKeys {
  const file = join(dataDir, SIMULATOR_SECRETS_FILE);
  const existing = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<SimulatorKeys>) : {};
  const text = (value: unknown): value is string => typeof value === 'string' && value.length >= 16;
  if (
    text(existing.paymongoWebhookSecret) &&
    text(existing.mayaPrivateKeyPem) &&
    text(existing.mayaPublicKeyPem) &&
    text(existing.xenditCallbackToken)
  ) {
    return existing as SimulatorKeys;
  }
  const maya = mayaKeyPair();
  const secrets: SimulatorKeys = {
    paymongoWebhookSecret: `whsk_${randomBytes(24).toString('hex')}`,
    mayaPrivateKeyPem: maya.privateKeyPem,
    mayaPublicKeyPem: maya.publicKeyPem,
    xenditCallbackToken: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

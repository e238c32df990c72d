import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../support/tempDir.js';

/**
 * Real private keys of every kind a PEM block can hold, generated when a test asks for them and
 * never written to the repository. Node makes the PEM kinds; ssh-keygen and openssl (both on the
 * machines and in CI) make what node cannot: the OpenSSH format and the traditional DSA form.
 * tempDir is per test, so call this inside a test (or a beforeAll that runs inside one).
 */
export function generatePrivateKeys(): Readonly<Record<string, string>> {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  const dsa = pem(generateKeyPairSync('dsa', { modulusLength: 1024, divisorLength: 160 }).privateKey, { type: 'pkcs8' });
  const encrypted = { cipher: 'aes-256-cbc', passphrase: 'correct horse' };
  return {
    'RSA (PKCS#1)': pem(rsa, { type: 'pkcs1' }),
    'RSA (PKCS#8)': pem(rsa, { type: 'pkcs8' }),
    'RSA (PKCS#1, legacy Proc-Type encryption)': pem(rsa, { type: 'pkcs1', ...encrypted }),
    'EC (SEC1)': pem(ec, { type: 'sec1' }),
    'EC (PKCS#8)': pem(ec, { type: 'pkcs8' }),
    'Ed25519 (PKCS#8)': pem(generateKeyPairSync('ed25519').privateKey, { type: 'pkcs8' }),
    'X25519 (PKCS#8)': pem(generateKeyPairSync('x25519').privateKey, { type: 'pkcs8' }),
    'DSA (PKCS#8)': dsa,
    'DSA (traditional)': execFileSync('openssl', ['pkey', '-traditional'], { input: dsa, encoding: 'utf8' }),
    'encrypted PKCS#8': pem(ec, { type: 'pkcs8', ...encrypted }),
    OpenSSH: openSshKey(),
  };
}

function pem(key: KeyObject, options: { type: 'pkcs1' | 'pkcs8' | 'sec1'; cipher?: string; passphrase?: string }): string {
  return key.export({ ...options, format: 'pem' }).toString();
}

function openSshKey(): string {
  const file = join(tempDir(), 'id_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', '', '-f', file]);
  return readFileSync(file, 'utf8');
}

/** PEM blocks that hold nothing secret: public keys and a self-signed certificate. */
export function generatePublicMaterial(): Readonly<Record<string, string>> {
  const rsa = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'pkcs1', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const ec = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const dir = tempDir();
  const certificate = execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-subj',
      '/CN=memlog-test',
      '-days',
      '1',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const sshKey = join(dir, 'id_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'dev@example.com', '-f', sshKey]);
  return {
    'RSA public key (PKCS#1)': rsa.publicKey,
    'EC public key (SPKI)': ec.publicKey,
    'X.509 certificate': certificate,
    'OpenSSH public key': readFileSync(`${sshKey}.pub`, 'utf8'),
  };
}

/** The base64 lines of a PEM block: what must never show up in a finding or on a server. */
export function bodyLines(pem: string): string[] {
  return pem.split('\n').filter((line) => /^[A-Za-z0-9+/=]{16,}$/.test(line));
}

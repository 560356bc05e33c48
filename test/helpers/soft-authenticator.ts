/**
 * A software passkey for server tests: an ES256 key pair that answers WebAuthn registration and
 * authentication options the way a browser and an authenticator would (attestation "none"), with
 * the origin, the user-verified flag and the signature counter under the test's control.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftPasskeyOptions {
  origin: string;
  userVerified?: boolean;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  /** The person the authenticator created this passkey for (its user handle). */
  userHandle = '';

  constructor(private readonly options: SoftPasskeyOptions) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  /** Answers from now on as if from another page (a look-alike site relaying the ceremony). */
  from(origin: string): this {
    this.options.origin = origin;
    return this;
  }

  /** Sets the signature counter back, as a copy of the authenticator's key would. */
  rewind(steps: number): void {
    this.counter -= steps;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, attested: boolean): Buffer {
    // Flags: user present, user verified (when the test says so), attested credential data.
    const flags = 0x01 | (this.options.userVerified === false ? 0 : 0x04) | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts = [sha256(rpId), Buffer.from([flags]), counter];
    if (attested) {
      const cose = encodeCBOR(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(this.publicJwk.x, 'base64url')],
          [-3, Buffer.from(this.publicJwk.y, 'base64url')],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.options.origin, crossOrigin: false }));
  }

  /** Answers POST …/passkeys/options as navigator.credentials.create() would. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData('webauthn.create', options.challenge);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', this.authData(options.rp.id ?? 'localhost', true)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** Answers authentication options as navigator.credentials.get() would. */
  authenticate(options: { challenge: string; rpId?: string }) {
    this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const authenticatorData = this.authData(options.rpId ?? 'localhost', false);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}

/**
 * Signing in beyond the password: the second-factor step, passkeys, authenticator codes, recovery
 * codes, single sign-on, and the site's policy of who must have a second factor.
 */
import { z } from 'zod';
import { secondFactorStatus, sessionReply } from './auth.ts';
import { id, text } from './fields.ts';
import { globalRole } from './auth.ts';

export { secondFactorStatus, type SecondFactorStatus } from './auth.ts';
export * from './sign-in-words.ts';
import { SECOND_FACTOR_METHODS, SIGN_IN_LIMITS, SIGN_IN_MESSAGES } from './sign-in-words.ts';

/** Who must have a second factor: nobody, global admins, also project admins and managers, everyone. */
export const SECOND_FACTOR_POLICIES = ['none', 'admins', 'managers', 'everyone'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];
export const SECOND_FACTOR_POLICY_LABELS: Record<SecondFactorPolicy, string> = {
  none: 'Nobody',
  admins: 'Site admins and superadmins',
  managers: 'Site admins, and project admins and managers',
  everyone: 'Everyone',
};
export const secondFactorPolicy = z.enum(SECOND_FACTOR_POLICIES, { error: 'Second factor policy must be none, admins, managers or everyone.' });

/** How a person signed in, as their history shows it. */
export const SIGN_IN_METHODS = ['password', 'passkey', 'sso', 'email-code', 'link'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** POST /api/login's answer: signed in, or the second step to take (its cookie set). */
export const secondFactorChallenge = z.object({
  second_factor: z.object({ methods: z.array(z.enum(SECOND_FACTOR_METHODS)) }),
});
export const loginReply = z.union([sessionReply, secondFactorChallenge]);
export type LoginReply = z.infer<typeof loginReply>;

// ---- WebAuthn (passkeys) ----
// Shaped like @simplewebauthn's JSON types (RegistrationResponseJSON, AuthenticationResponseJSON,
// PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON), which are
// interfaces: the inferred types take them without casts, and they take the inferred types.
// Checked at the edge, once; the signatures and the attestation are the verifier's to check.

const NOT_A_WEBAUTHN_ANSWER = 'response must be a WebAuthn answer';
const answerText = z.string({ error: NOT_A_WEBAUTHN_ANSWER });
const publicKeyType = z.literal('public-key', { error: NOT_A_WEBAUTHN_ANSWER });
const transports = z.array(z.string({ error: NOT_A_WEBAUTHN_ANSWER }), { error: NOT_A_WEBAUTHN_ANSWER });

/**
 * Extension inputs and outputs: any extension may add its own member, so members beyond the known
 * ones are kept. They are `any` rather than `unknown` so that the library's interfaces (which have
 * no index signature) are assignable to these types.
 */
const extensionOutputs = z
  .object(
    {
      appid: z.boolean({ error: NOT_A_WEBAUTHN_ANSWER }).optional(),
      credProps: z
        .object({ rk: z.boolean({ error: NOT_A_WEBAUTHN_ANSWER }).optional() }, { error: NOT_A_WEBAUTHN_ANSWER })
        .catchall(z.any())
        .optional(),
      hmacCreateSecret: z.boolean({ error: NOT_A_WEBAUTHN_ANSWER }).optional(),
    },
    { error: NOT_A_WEBAUTHN_ANSWER },
  )
  .catchall(z.any());
const extensionInputs = z
  .object({ appid: z.string().optional(), credProps: z.boolean().optional(), hmacCreateSecret: z.boolean().optional(), minPinLength: z.boolean().optional() })
  .catchall(z.any());

/** The spec asks for an attachment it does not know to be read as none. */
const authenticatorAttachment = z.enum(['cross-platform', 'platform']).optional().catch(undefined);

/** What a WebAuthn answer has whatever the ceremony: the credential, its kind, the extensions' outputs. */
const credentialFields = {
  id: answerText,
  rawId: answerText,
  type: publicKeyType,
  authenticatorAttachment,
  clientExtensionResults: extensionOutputs,
};

/** An answer is small; anything larger is refused before the verifier decodes it. */
const withinAnswerSize = (value: unknown) => JSON.stringify(value).length <= SIGN_IN_LIMITS.webauthnResponseBytes;

/** navigator.credentials.create()'s answer as @simplewebauthn/browser's startRegistration gives it (RegistrationResponseJSON). */
export const registrationResponse = z
  .object(
    {
      ...credentialFields,
      response: z.object(
        {
          clientDataJSON: answerText,
          attestationObject: answerText,
          authenticatorData: answerText.optional(),
          transports: transports.optional(),
          publicKeyAlgorithm: z.number({ error: NOT_A_WEBAUTHN_ANSWER }).optional(),
          publicKey: answerText.optional(),
        },
        { error: NOT_A_WEBAUTHN_ANSWER },
      ),
    },
    { error: NOT_A_WEBAUTHN_ANSWER },
  )
  .refine(withinAnswerSize, 'response is too large');
export type RegistrationResponse = z.infer<typeof registrationResponse>;

/** navigator.credentials.get()'s answer as @simplewebauthn/browser's startAuthentication gives it (AuthenticationResponseJSON). */
export const authenticationResponse = z
  .object(
    {
      ...credentialFields,
      response: z.object(
        {
          clientDataJSON: answerText,
          authenticatorData: answerText,
          signature: answerText,
          /** The person a discoverable passkey was made for (base64url of their id). */
          userHandle: answerText.optional(),
        },
        { error: NOT_A_WEBAUTHN_ANSWER },
      ),
    },
    { error: NOT_A_WEBAUTHN_ANSWER },
  )
  .refine(withinAnswerSize, 'response is too large');
export type AuthenticationResponse = z.infer<typeof authenticationResponse>;

const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
const userVerification = z.enum(['discouraged', 'preferred', 'required']);
const hints = z.array(z.enum(['hybrid', 'security-key', 'client-device']));

/** Options for navigator.credentials.create() (PublicKeyCredentialCreationOptionsJSON); the challenge is kept by the server. */
export const passkeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  hints: hints.optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  attestationFormats: z.array(z.enum(['fido-u2f', 'packed', 'android-safetynet', 'android-key', 'tpm', 'apple', 'none'])).optional(),
  extensions: extensionInputs.optional(),
});

/** Options for navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON); the challenge is kept by the server. */
export const passkeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: userVerification.optional(),
  hints: hints.optional(),
  extensions: extensionInputs.optional(),
});

const codeField = (label: string, max: number) => text({ label, max, required: `${label} is required` });

/** POST /api/login/second-factor */
export const secondFactorBody = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('totp'), code: codeField('Code', 12) }),
    z.object({ method: z.literal('recovery'), code: codeField('Recovery code', 24) }),
    z.object({ method: z.literal('passkey'), response: authenticationResponse }),
  ],
  { error: 'method must be passkey, totp or recovery' },
);
export type SecondFactorBody = z.infer<typeof secondFactorBody>;

/** The signed-in person's second factors as the security page shows them. */
export const passkeySummary = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced between devices (a password manager, iCloud Keychain) or bound to one. */
  backed_up: z.boolean(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

export const securityOverview = z.object({
  status: secondFactorStatus,
  passkeys: z.array(passkeySummary),
  totp: z.object({ enrolled: z.boolean(), enrolled_at: z.string().nullable() }),
  recovery_codes: z.object({ remaining: z.number() }),
});
export type SecurityOverview = z.infer<typeof securityOverview>;

export const passkeyName = text({ label: 'Passkey name', max: SIGN_IN_LIMITS.passkeyName, required: SIGN_IN_MESSAGES.passkeyNameRequired });
export const passkeyParams = z.object({ id: id('Passkey') });
export const renamePasskeyBody = z.object({ name: passkeyName });
export const registerPasskeyBody = z.object({ name: passkeyName, response: registrationResponse });
export const passkeySignInBody = z.object({ response: authenticationResponse });

export const totpEnrolment = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code (an SVG data URL). */
  qr_svg: z.string(),
});
export const totpConfirmBody = z.object({ code: codeField('Code', 12) });
/** Shown once; only their hashes are kept. */
export const recoveryCodes = z.object({ codes: z.array(z.string()) });

/** One line of a person's sign-in and security history (their user stream). */
export const securityHistoryItem = z.object({
  position: z.string(),
  type: z.string(),
  at: z.string(),
  /** Who did it: the person, or an admin who reset their factors. */
  actor: z.string(),
  /** Words a person reads: "Signed in with a password and an authenticator code". */
  summary: z.string(),
});
export const securityHistoryPage = z.object({ items: z.array(securityHistoryItem), next_before: z.string().nullable() });
export const securityHistoryQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,19}$/, 'before must be a ledger position')
    .optional(),
});

/** GET /api/auth/providers: what /login offers (open: the page shows it before anyone signs in). */
export const signInOptions = z.object({
  password: z.boolean(),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SignInOptions = z.infer<typeof signInOptions>;

export const resetFactorsParams = z.object({ id: id('User') });
export const userRole = globalRole;

// ---- Single sign-on (OpenID Connect) ----

/** A provider's id as configured (OIDC_PROVIDERS): lowercase letters, digits and dashes. */
export const ssoProviderParams = z.object({
  provider: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'provider must be a configured provider id'),
});

/** Where to go after signing in: a path of this site only (never another site, never the API). */
export const returnToPath = z
  .string()
  .max(512, 'return_to is too long')
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'return_to must be a path of this site')
  .refine((path) => !path.startsWith('/api/') && path !== '/api', 'return_to must be a page, not the API');

export const ssoStartQuery = z.object({ return_to: returnToPath.optional() });

/** The provider's answer as it arrives in the address; openid-client checks it. */
const callbackValue = (label: string, max: number) => z.string({ error: `${label} must be text` }).max(max, `${label} is too long`);
export const ssoCallbackQuery = z.looseObject({
  code: callbackValue('code', 4096).optional(),
  state: callbackValue('state', 512).optional(),
  iss: callbackValue('iss', 2048).optional(),
  error: callbackValue('error', 256).optional(),
  error_description: callbackValue('error_description', 2048).optional(),
});

/** POST /api/logout's answer when the session came through a provider that can sign out too. */
export const logoutReply = z.object({ end_session_url: z.string() });
export type LogoutReply = z.infer<typeof logoutReply>;

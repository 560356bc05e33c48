/**
 * The TypeScript description of the schema the migrations build. Every layer types its Kysely
 * handle with `Database`; the migrations themselves take `Kysely<any>` and stay frozen in time.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EventsTable {
  global_position: ColumnType<number, never, never>;
  stream_id: string;
  stream_version: number;
  type: string;
  data: ColumnType<unknown, string, never>;
  metadata: ColumnType<unknown, string, never>;
  idempotency_key: string | null;
  occurred_at: Timestamp;
  recorded_at: GeneratedTimestamp;
  /** xid8, read as text */
  transaction_id: ColumnType<string, never, never>;
  prev_hash: Uint8Array | null;
  hash: Uint8Array;
}

export interface CommandResultsTable {
  idempotency_key: string;
  result: ColumnType<unknown, string, never>;
  created_at: GeneratedTimestamp;
}

export interface ProjectionCheckpointsTable {
  name: string;
  version: number;
  era: number;
  transaction_id: string;
  global_position: number;
  updated_at: GeneratedTimestamp;
}

/** Which process runs a ledger subscription, until when (migration 0040). */
export interface SubscriptionLeasesTable {
  name: string;
  holder: string | null;
  lease_until: GeneratedTimestamp;
}

/** Where each era of transaction ids begins in the global order (a restore opens a new one). */
export interface LedgerErasTable {
  era: number;
  first_position: number;
  opened_at: GeneratedTimestamp;
}

/** The notification consumer's memory of each project part's on hand and alert level (migration 0041). */
export interface StockAlertLevelsTable {
  project_id: string;
  material_id: string;
  stream_version: number;
  on_hand: number;
  level: 'ok' | 'low' | 'critical';
}

export interface UsersTable {
  id: string;
  email: string;
  user_firstname: string;
  user_lastname: string;
  role: string;
  emails: boolean;
  stock_emails: boolean;
  created_at: Timestamp;
  deactivated_at: Timestamp | null;
  status: 'active' | 'invited';
  /** Passkeys plus an authenticator app (migration 0057). */
  second_factors: Generated<number>;
}

export interface UserCredentialsTable {
  user_id: string;
  password_hash: string;
  updated_at: GeneratedTimestamp;
}

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  created_at: GeneratedTimestamp;
  last_used_at: GeneratedTimestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
  /** Opened through this single sign-on provider (migration 0057). */
  sso_provider: Generated<string | null>;
  sso_id_token: Generated<string | null>;
}

export interface AuthTokensTable {
  token_hash: string;
  session_id: string;
  kind: 'access' | 'refresh';
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

export interface ProjectsTable {
  id: string;
  num_id: number;
  project_name: string;
  project_customer: string | null;
  project_number: string;
  managing_logistics: boolean;
  hide_from_transfer_list: boolean;
  created_at: Timestamp;
  archived_at: Timestamp | null;
  low_stock_default: number | null;
  critical_stock_default: number | null;
}

export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  project_role: 'user' | 'manager' | 'admin';
  added_at: Timestamp;
}

export interface SiteSettingsTable {
  id: number;
  freeze_transactions: boolean;
  maintenance_mode: boolean;
  offline_max_age_days: Generated<number>;
  /** Webhook endpoints may use plain http and loopback or private addresses (migration 0056). */
  webhooks_allow_private: Generated<boolean>;
  /** Who must have a second factor (migration 0057). */
  second_factor_policy: Generated<'none' | 'admins' | 'managers' | 'everyone'>;
  /** Off: only the superadmin signs in with a password. */
  password_sign_in: Generated<boolean>;
  /** A first single sign-on may create an account (in ALLOWED_EMAIL_DOMAIN). */
  sso_sign_up: Generated<boolean>;
  updated_at: Timestamp;
}

export interface UserPasskeysTable {
  credential_id: string;
  user_id: string;
  passkey_id: string;
  name: string;
  public_key: Uint8Array;
  counter: string | number | bigint;
  transports: string[];
  device_type: string;
  backed_up: boolean;
  created_at: GeneratedTimestamp;
  last_used_at: Timestamp | null;
}

export interface UserTotpTable {
  user_id: string;
  secret: string;
  confirmed_at: Timestamp | null;
  last_step: string | number | bigint | null;
  created_at: GeneratedTimestamp;
}

export interface UserRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string;
  created_at: GeneratedTimestamp;
  last_used_at: Timestamp | null;
}

export interface SignInAttemptsTable {
  token_hash: string;
  kind: 'second-factor' | 'passkey' | 'oidc' | 'enrol-passkey';
  user_id: string | null;
  password_ok: Generated<boolean>;
  data: Generated<unknown>;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: GeneratedTimestamp;
}

export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'invite' | 'reset';
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  purpose: 'email' | 'recovery';
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface OutboxTable {
  id: string;
  to_email: string;
  subject: string;
  body: string;
  status: Generated<'pending' | 'sent' | 'logged' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
  claimed_until: Timestamp | null;
}

export interface MaterialsTable {
  material_id: string;
  part_number: string;
  part_name: string;
  part_nickname: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MaterialStockTable {
  location_kind: 'project' | 'warehouse';
  location_id: string;
  material_id: string;
  logistics_qty: number;
  on_hand: number;
  field_assigned: number;
  lost_outstanding: number;
  in_transit: Generated<number>;
  incoming: Generated<number>;
  low_threshold: number | null;
  critical_threshold: number | null;
  stream_version: number;
  last_hash: string;
  updated_at: Timestamp;
}

export interface MaterialAssignmentsTable {
  location_kind: 'project' | 'warehouse';
  location_id: string;
  material_id: string;
  user_id: string;
  qty: number;
}

export interface ActivityLogTable {
  position: number;
  stream_id: string;
  occurred_at: Timestamp;
  recorded_at: Timestamp;
  location_kind: 'project' | 'warehouse';
  location_id: string;
  material_id: string;
  part_number: string;
  part_name: string;
  log_type: 'Receive' | 'Return' | 'Assign' | 'Unassign' | 'Lost' | 'Found' | 'Relocate' | 'Transfer' | 'Correction' | 'Count';
  quantity: number;
  actor_id: string | null;
  actor_name: string;
  associated_user_id: string | null;
  associated_name: string | null;
  source: string | null;
  bin_info: string | null;
  note: string | null;
  d_logistics: number;
  d_on_hand: number;
  d_field: number;
  d_lost: number;
  d_in_transit: Generated<number>;
  d_incoming: Generated<number>;
  hash: string;
  /** The stock item's figures after this movement, in occurred_at order. */
  b_logistics: number;
  b_on_hand: number;
  b_field: number;
  b_lost: number;
  b_in_transit: Generated<number>;
  b_incoming: Generated<number>;
  /** The bulk file the row came from, and on a reversal the file it undoes. */
  batch_id: string | null;
  reverses_batch_id: string | null;
  /** Where a movement took the units from and to, by name at the time ("#2 · North Yard — Rack A"). */
  location_a: string | null;
  location_b: string | null;
  /** On a correction: the position of the row it corrects. */
  corrects_position: number | null;
}

export interface WarehousesTable {
  id: string;
  num_id: number;
  name: string;
  yard_location: string | null;
  capacity_summary: string | null;
  created_at: Timestamp;
  deactivated_at: Timestamp | null;
}

export interface WarehouseStockPlacesTable {
  warehouse_id: string;
  material_id: string;
  place_key: string;
  rack: string | null;
  shelf: string | null;
  bin: string | null;
  zone: string | null;
  notes: string | null;
  qty: number;
}

export interface WarehouseStockProjectsTable {
  warehouse_id: string;
  material_id: string;
  project_id: string;
  qty: number;
}

export interface LabelsTable {
  id: string;
  project_id: string;
  /** Import order: the event's position × 1,000 plus the label's place in the event. */
  seq: number;
  label_lines: string[];
  /** The lines joined by newlines, for substring search. */
  search_text: string;
  system: string | null;
  cluster_pod: string | null;
  imported_at: Timestamp;
}

export interface LabelImportJobsTable {
  id: string;
  project_id: string;
  file_key: string;
  import_type: 'preformatted' | 'raw';
  system: string | null;
  cluster_pod: string | null;
  template_id: string | null;
  /** The template's lines as they were when the job started, so a resumed job formats alike. */
  template_lines: ColumnType<unknown, string | null, string | null>;
  /** Preformatted files: the first row left out (true), imported (false), or judged by its look (null). */
  first_row_header: boolean | null;
  status: 'queued' | 'running' | 'success' | 'error';
  total: number | null;
  imported: Generated<number>;
  /** Labels per batch, fixed when the job first runs. */
  batch_size: number | null;
  /** Batches whose label events are on the ledger (written in the same transaction as them). */
  batches_done: Generated<number>;
  message: Generated<string>;
  actor_id: string | null;
  actor_name: string;
  attempts: Generated<number>;
  locked_by: string | null;
  locked_until: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  finished_at: Timestamp | null;
  undone_at: Timestamp | null;
  undone_by: string | null;
}

export interface LabelTagCountsTable {
  project_id: string;
  kind: 'all' | 'system' | 'cluster_pod';
  value: string;
  labels: number;
}

export interface LabelTemplatesTable {
  id: string;
  project_id: string;
  name: string;
  template_data: unknown;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LabelMediaTable {
  id: string;
  name: string;
  medium: unknown;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CountSessionsTable {
  id: string;
  name: string;
  location_kind: 'project' | 'warehouse';
  location_id: string;
  location_label: string;
  scope_label: string;
  due_date: string | null;
  blind: boolean;
  double_count: boolean;
  include_assets: boolean;
  status: 'open' | 'posted' | 'cancelled';
  counters: unknown;
  line_total: number;
  lines_counted: number;
  recounts_pending: number;
  lines_with_variance: number | null;
  adjustments: number | null;
  created_by_id: string | null;
  created_by_name: string;
  created_at: Timestamp;
  posted_at: Timestamp | null;
  posted_by_name: string | null;
  cancelled_at: Timestamp | null;
  stream_version: number;
  last_hash: string;
}

export interface CountLinesTable {
  session_id: string;
  line_id: string;
  seq: number;
  kind: 'part' | 'asset';
  planned: boolean;
  location_kind: 'project' | 'warehouse';
  location_id: string;
  material_id: string | null;
  part_number: string | null;
  part_name: string | null;
  place: unknown;
  place_key: string;
  place_label: string | null;
  instance_id: string | null;
  asset_number: string | null;
  serial_number: string | null;
  round: number;
  counts: unknown;
  counted: number | null;
  counted_at: Timestamp | null;
  counter_id: string | null;
  counter_name: string | null;
  recount_requested: boolean;
  status: 'to_count' | 'counted' | 'recount';
  posted_at: Timestamp | null;
  expected: number | null;
  difference: number | null;
  asset_result: string | null;
}

export interface TransfersTable {
  id: string;
  type: string;
  from_id: string;
  from_name: string;
  to_id: string;
  to_name: string;
  requested_by: string;
  requested_by_id: string | null;
  delivery_method: 'pickup' | 'label';
  /** The address as JSON text (attn, name, line1, line2, city, state, zip); null for pickup. */
  shipping_address: string | null;
  tracking_number: string | null;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TransferItemsTable {
  transfer_id: string;
  /** The part number in lower case: one row per part. */
  part_key: string;
  ord: number;
  material_id: string;
  part_number: string;
  part_name: string;
  qty: number;
  sent: number;
  received: number;
  status: 'pending' | 'fulfilled' | 'partial' | 'denied' | 'received';
}

export interface RequestsTable {
  id: string;
  /** A short number per project, for people. */
  num: number;
  project_id: string;
  requester_id: string;
  requester_name: string;
  requester_email: string;
  type: 'Material' | 'Asset';
  status: 'requested' | 'partial' | 'on-hold' | 'fulfilled' | 'denied';
  reason: string | null;
  waiting_delivery: boolean;
  notes: string | null;
  image_path: string | null;
  request_date: Timestamp;
  updated_at: Timestamp;
}

export interface RequestLinesTable {
  request_id: string;
  line_id: string;
  /** Lines as submitted first, then the remainders of splits in the order they were made. */
  seq: number;
  material_id: string | null;
  part_number: string;
  part_name: string;
  qty: number;
  status: 'requested' | 'fulfilled' | 'on-hold' | 'denied';
  notes: string | null;
  requested_part_number: string | null;
  split_from: string | null;
}

export interface RequestReadsTable {
  user_id: string;
  project_id: string;
  read_at: Timestamp;
}

export interface AssetCategoriesTable {
  id: string;
  category: string;
  kind: 'serialized' | 'bulk';
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface AssetCatalogTable {
  id: string;
  asset_number: string;
  asset_name: string;
  asset_nickname: string;
  catalog_name: string;
  category_id: string;
  serial_required: boolean;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface AssetInstancesTable {
  id: string;
  catalog_id: string;
  serial_number: string | null;
  owner_type: 'warehouse' | 'project';
  owner_id: string;
  parent_warehouse_id: string | null;
  origin_warehouse_id: string | null;
  condition: string;
  notes: string | null;
  in_use: boolean;
  assigned_user_id: string | null;
  lost: boolean;
  /** JSON text. */
  metadata: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AssetStockTable {
  owner_type: 'warehouse' | 'project';
  owner_id: string;
  catalog_id: string;
  on_hand: number;
  assigned: number;
  lost: number;
}

export interface AssetTransactionsTable {
  position: number;
  occurred_at: Timestamp;
  action_type: string;
  catalog_id: string;
  instance_id: string | null;
  asset_number: string;
  asset_name: string;
  serial_number: string | null;
  quantity: number;
  settles: number;
  from_type: string | null;
  from_id: string | null;
  to_type: string | null;
  to_id: string | null;
  actor_id: string | null;
  actor_name: string;
  notes: string | null;
  hash: string;
}

/** One sealed event: its place in the global chain (0045). */
export interface LedgerSealTable {
  ledger_seq: ColumnType<number, number, never>;
  global_position: ColumnType<number, number, never>;
  stream_id: string;
  stream_version: number;
  event_hash: Uint8Array;
  chain_hash: Uint8Array;
}

/** The Merkle head of leaves block·64 … block·64+63, once all 64 are sealed. */
export interface LedgerMerkleBlocksTable {
  block: ColumnType<number, number, never>;
  hash: Uint8Array;
}

export interface LedgerCheckpointsTable {
  ledger_seq: ColumnType<number, number, never>;
  chain_hash: Uint8Array;
  tree_root: Uint8Array;
  signed_at: Date;
  key_id: string;
  /** Ed25519, base64. */
  signature: string;
}

/** A signed upload policy of the local store that has been used, until it expires (migration 0050). */
export interface UploadPolicyUsesTable {
  policy_id: string;
  expires_at: Timestamp;
  used_at: GeneratedTimestamp;
}

/** API tokens (migration 0056): personal (a user's, narrowed) or service (a role of its own). */
export interface ApiTokensTable {
  id: string;
  kind: 'personal' | 'service';
  name: string;
  token_hash: string;
  hint: string;
  user_id: string | null;
  scopes: ColumnType<string[], string[], string[]>;
  project_ids: ColumnType<string[] | null, string[] | null, string[] | null>;
  role: string | null;
  project_id: string | null;
  project_role: 'user' | 'manager' | 'admin' | null;
  created_by: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface WebhookEndpointsTable {
  id: string;
  project_id: string | null;
  url: string;
  kinds: ColumnType<string[], string[], string[]>;
  description: Generated<string>;
  secret: string;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  disabled_at: Timestamp | null;
  failing_since: Timestamp | null;
  start_position: ColumnType<number, number | undefined, number>;
  /** The last signed checkpoint (ledger_seq) the endpoint was told of or passed over. */
  checkpoint_seq: ColumnType<number, number | undefined, number>;
  created_by: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  lease_holder: string | null;
  lease_until: GeneratedTimestamp;
}

/** One event to one endpoint; sent in `seq` order per endpoint. */
export interface WebhookDeliveriesTable {
  endpoint_id: string;
  position: number;
  seq: Generated<number>;
  message_id: string;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<'pending' | 'delivered'>;
  attempts: Generated<number>;
  next_attempt_at: GeneratedTimestamp;
  enqueued_at: GeneratedTimestamp;
  delivered_at: Timestamp | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  endpoint_id: string;
  position: number;
  message_id: string;
  kind: string;
  attempted_at: GeneratedTimestamp;
  status: number | null;
  error: string | null;
  latency_ms: number;
}

export interface Database {
  events: EventsTable;
  command_results: CommandResultsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  subscription_leases: SubscriptionLeasesTable;
  ledger_eras: LedgerErasTable;
  stock_alert_levels: StockAlertLevelsTable;
  users: UsersTable;
  user_credentials: UserCredentialsTable;
  auth_sessions: AuthSessionsTable;
  auth_tokens: AuthTokensTable;
  rate_limits: RateLimitsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  site_settings: SiteSettingsTable;
  user_passkeys: UserPasskeysTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  user_identities: UserIdentitiesTable;
  sign_in_attempts: SignInAttemptsTable;
  account_tokens: AccountTokensTable;
  one_time_codes: OneTimeCodesTable;
  outbox: OutboxTable;
  materials: MaterialsTable;
  material_stock: MaterialStockTable;
  material_assignments: MaterialAssignmentsTable;
  activity_log: ActivityLogTable;
  warehouses: WarehousesTable;
  warehouse_stock_places: WarehouseStockPlacesTable;
  warehouse_stock_projects: WarehouseStockProjectsTable;
  labels: LabelsTable;
  label_tag_counts: LabelTagCountsTable;
  label_templates: LabelTemplatesTable;
  label_media: LabelMediaTable;
  count_sessions: CountSessionsTable;
  count_lines: CountLinesTable;
  label_import_jobs: LabelImportJobsTable;
  transfers: TransfersTable;
  transfer_items: TransferItemsTable;
  requests: RequestsTable;
  request_lines: RequestLinesTable;
  request_reads: RequestReadsTable;
  asset_categories: AssetCategoriesTable;
  asset_catalog: AssetCatalogTable;
  asset_instances: AssetInstancesTable;
  asset_stock: AssetStockTable;
  asset_transactions: AssetTransactionsTable;
  ledger_seal: LedgerSealTable;
  ledger_merkle_blocks: LedgerMerkleBlocksTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  upload_policy_uses: UploadPolicyUsesTable;
  api_tokens: ApiTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

/**
 * Every call of spec section 7 with its payload and its answer's `data`. Keys are "METHOD /path", path
 * parameters in braces. The shell's ApiClient.call() is typed by this map, and the services' route
 * schemas answer with these shapes.
 */
import type {
  AdItem,
  CheckInResult,
  CheckInStatusResponse,
  CmsResponse,
  CreditTransaction,
  CreditTransactionType,
  DemoItem,
  LikeValue,
  ListResponse,
  MarketingItem,
  MediaInfo,
  Paginated,
  PromptCategory,
  PromptSample,
  ReportReason,
  SkuItem,
  SystemConfigEntry,
  Task,
  TaskUserData,
  Template,
  TemplateTag,
  TradeInfoItem,
  TtsVoice,
  User,
} from './entities.js';
import type { EngineOffer } from './generation.js';
import type { ExploreEntry, ExplorePublishRequest, ExploreTaskState, TemplateCategoryListQuery, WorkflowDirectRequest } from './explore.js';

export interface OAuthTokenRequest {
  code: string;
  /** the PKCE verifier of the authorization request */
  code_verifier: string;
  redirect_uri: string;
  plan?: number;
  timezone?: string;
  landing_page?: string;
}
export interface OAuthTokenResponse {
  jwt: string;
  user: User;
}

/**
 * The central account service's own wire (server to server, not through the envelope): what
 * `POST /account/oauth/token` and `GET /account/oauth/userinfo` answer. `id` is the product's uid.
 */
export interface AccountProfile {
  id: string;
  email: string;
  nickname: string;
  firstname: string;
  lastname: string;
  /** absolute URL, a path on the account service (/account/avatar/{id}), or '' */
  avatar: string;
  /** ISO 3166-1 alpha-2 code given at sign-up, or '' */
  country: string;
  /** epoch seconds */
  created_at: number;
  /** true when this code came from a sign-up */
  is_new: boolean;
}
/** `POST /account/oauth/token` (grant_type=authorization_code, code, redirect_uri, code_verifier, client auth) */
export interface AccountTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  /** seconds */
  expires_in: number;
  scope: string;
  account: AccountProfile;
}
/** RFC 6749 error answer of the account service's token and userinfo calls */
export interface AccountOAuthError {
  error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_token';
  error_description: string;
}

export interface UploadGrant {
  /** where the file is to be PUT, relative to the API origin */
  upload_url: string;
  /** storage path the file will have; used as file_path in create calls */
  oss_path: string;
  /** epoch seconds */
  expire_at: number;
  max_size: number;
  accept: string[];
}

export interface CreateTaskRequest {
  /**
   * a free-form generation payload; fields of the screen's form. `file_path` is the first input (an
   * UploadGrant's oss_path); further inputs go by their name with `_path` (`end_frame_path`, `mask_path`,
   * `audio_path`) or all of them in order as `file_paths`
   */
  data: Record<string, unknown> & { prompt?: string; file_path?: string };
  user_data?: TaskUserData;
  prev_task?: string;
  /** the cost the client showed; a mismatch with the server's cost is refused */
  expected_cost?: number;
}

/** The answer of the PUT to an UploadGrant's upload_url (validated by content before it is stored). */
export interface UploadResult {
  oss_path: string;
  media: MediaInfo & { media: 'image' | 'video' | 'audio'; mime: string };
}

export interface TaskCostResponse {
  algorithm: string;
  cost: number;
  /** why the cost is what it is, for the button's tooltip */
  basis: string;
  free_for_plan: boolean;
  /** the algorithm runs on this server's local engine: results are previews no generative model made */
  preview?: boolean;
  /** the engine and model that will run it, and the settings it cannot honour (issue 19) */
  engine?: EngineOffer;
}

export interface TaskListRequest {
  algorithm?: string;
  mi_preview?: boolean;
  page?: number;
  page_size?: number;
  module?: string;
  is_workflow?: boolean;
  /** only tasks whose results are of this media (My Creations' filter); a server that ignores it lists all */
  media?: 'video' | 'image' | 'audio';
}

export interface CheckInRequest {
  activity_code: string;
}

export interface FeedbackRequest {
  content: string;
  contact?: string;
  source: Record<string, unknown>;
}

/** METHOD /path -> { query or body payload, answer data } */
export interface ApiCallMap {
  'GET /api/cms-data/{path}': { query: void; body: void; data: CmsResponse };
  'POST /v1/feature-code/auth': { query: void; body: { pids: number[] }; data: { feature_codes: string[] } };
  'POST /v1/oauth/token': { query: void; body: OAuthTokenRequest; data: OAuthTokenResponse };
  'GET /v1/token/renew': { query: void; body: void; data: { jwt: string } };
  'POST /v1/user': { query: void; body: void; data: User };
  'POST /v1/logout': { query: void; body: void; data: null };
  'GET /v1/verify/record': { query: Record<string, string>; body: void; data: { recorded: boolean } };
  'GET /v1/buy/sku-info': {
    query: void;
    body: void;
    /** free_daily_tasks: the Free plan's daily task cap on free credits (shown where credits are sold) */
    data: { sku_buy_list: SkuItem[]; zero_buy_checked: boolean; free_daily_tasks: number };
  };
  'GET /v1/buy/trade-info': { query: { time_before: number }; body: void; data: ListResponse<TradeInfoItem> };
  'GET /v1/common/ad': { query: { client: '' | 'wap' }; body: void; data: AdItem[] };
  'POST /v1/activity/checkin': { query: void; body: CheckInRequest; data: CheckInResult };
  'GET /v1/activity/checkin/status': { query: CheckInRequest; body: void; data: CheckInStatusResponse };
  'GET /v1/common/ab-test': { query: { test_code: string; user_id?: string }; body: void; data: { plan: number } };
  'GET /v1/common/system_config': { query: void; body: void; data: SystemConfigEntry[] };
  'GET /v1/common/marketing': { query: { client: '' | 'wap' }; body: void; data: MarketingItem[] };
  'GET /v1/credits/transactions': {
    query: { type: CreditTransactionType; page: number; page_size: number };
    body: void;
    data: ListResponse<CreditTransaction>;
  };
  'POST /v1/feedback': { query: void; body: FeedbackRequest; data: { id: string } };
  'POST /v1/ai/create/{algorithm}': { query: void; body: CreateTaskRequest; data: Task };
  'GET /v1/ai/cost/{algorithm}': { query: Record<string, string>; body: void; data: TaskCostResponse };
  'GET /v1/ai/result/{kind}/{id}': { query: void; body: void; data: Task };
  'POST /v1/ai/result/batch': { query: void; body: { task_ids: string[] }; data: Task[] };
  'POST /v1/ai/task': { query: void; body: TaskListRequest; data: Paginated<Task> };
  'POST /v1/ai/del/{id}': { query: void; body: void; data: null };
  'POST /v1/ai/retry': { query: void; body: { task_id: string }; data: Task };
  'POST /v1/ai/cancel/{id}': { query: void; body: void; data: Task };
  'POST /v1/ai/task/data_save': {
    query: void;
    body: { taskId: string; save_type: 'like' | 'user_data'; user_data: TaskUserData & { like?: LikeValue } };
    data: null;
  };
  'GET /v1/prompt/category-and-presets': {
    query: { algorithm: string; model_type?: string; lang?: string };
    body: void;
    data: PromptCategory[];
  };
  'GET /v1/ai/tts/voice': { query: void; body: void; data: TtsVoice[] };
  'GET /v1/common/oss/token': { query: { algorithm: string }; body: void; data: UploadGrant };
  'GET /v1/common/oss/sign': { query: { oss_path: string; dispose?: 'attachment' | 'inline' }; body: void; data: { sign_uri: string } };
  'GET /v1/common/oss/mediainfo': { query: { oss_path: string }; body: void; data: MediaInfo };
  /** `note` says plainly how the answer was made (no language model runs on this server) */
  'POST /v1/ai/prompt/polish': { query: void; body: { prompt: string }; data: { prompt: string; note?: string } };
  /** `image` is an oss_path of the caller's own upload */
  'POST /v1/ai/prompt/img2prompt': { query: void; body: { image: string }; data: { prompt: string; note?: string } };
  'GET /v1/workflow/explore/list': {
    query: { page: number; page_size: number; media?: string; recommend?: number };
    body: void;
    data: Paginated<ExploreEntry>;
  };
  'GET /v1/workflow/explore/info': { query: { id: number }; body: void; data: ExploreEntry };
  'GET /v1/common/prompt_sample': { query: { key: string }; body: void; data: PromptSample[] };
  /** 20 a page (EXAMPLES_PAGE_SIZE); a page shorter than page_size is the last */
  'GET /v1/common/demo/list': { query: { key: string; page?: number; page_size?: number }; body: void; data: DemoItem[] };
  'GET /v1/recommend/tpl': {
    query: { tag: string; action_conf?: string; action_conf_value?: string };
    body: void;
    data: Template[];
  };
  'POST /v1/explore/report': { query: void; body: { explore_id: number; reason: ReportReason; other?: string }; data: null };
  'GET /v1/workflow/list': {
    query: { page_size: number; page: number; fun_module: 'effect' | 'template'; fun_category?: number; media?: string };
    body: void;
    data: Paginated<Template>;
  };
  'GET /v1/workflow/ct/list': { query: TemplateCategoryListQuery; body: void; data: TemplateTag[] };
  'GET /v1/workflow/info': { query: { tpl_id: number }; body: void; data: Template };
  /** runs a template: its request fields plus the user's inputs become a task (isFromTpl) */
  'POST /v1/workflow/direct': { query: void; body: WorkflowDirectRequest; data: Task };
  /** publishes one of the caller's successful results to Explore (the sensitive checks run first) */
  'POST /v1/explore/publish': { query: void; body: ExplorePublishRequest; data: ExploreEntry };
  'POST /v1/explore/unpublish': { query: void; body: { explore_id: number }; data: null };
  'POST /v1/explore/like': { query: void; body: { explore_id: number; like: LikeValue }; data: { likes: number; liked: LikeValue } };
  /** which of these tasks are published (unknown and unpublished ids are left out) */
  'POST /v1/explore/state': { query: void; body: { task_ids: string[] }; data: ExploreTaskState[] };
}

export type ApiCallKey = keyof ApiCallMap;
export type ApiCallData<K extends ApiCallKey> = ApiCallMap[K]['data'];
export type ApiCallBody<K extends ApiCallKey> = ApiCallMap[K]['body'];
export type ApiCallQuery<K extends ApiCallKey> = ApiCallMap[K]['query'];

/** Path parameters named in braces, e.g. {algorithm} */
export type PathParams<K extends string> = K extends `${string}{${infer P}}${infer Rest}`
  ? { [key in P]: string } & PathParams<Rest>
  : unknown;

/** The fixed check-in activity code the client sends. */
export const CHECKIN_ACTIVITY_CODE = 'daily_checkin_credit';

/** Paths whose 401 must not clear the user (spec section 4, session clearing). */
export const SESSION_CLEAR_EXEMPT_PATHS = ['/v1/token/renew', '/v1/oauth/token', '/v1/logout'] as const;

/** Each federated module name -> its props, so loadRemote is typed. */
import type { ComponentType } from 'react';
import type { CropResult } from './entities.js';
import type { TemplatePickerProps } from './explore.js';
import type { AiToolSlug } from './tool-pages.js';

export type CreateMode =
  | 'text-to-video'
  | 'image-to-video'
  | 'video-to-anime'
  | 'text-to-image'
  | 'image-to-image'
  | 'text-to-music'
  | 'effect-create';

export type AiToolCategory = 'hot' | 'video' | 'image' | 'audio' | 'all';

/** The tools with an editor of their own: the ids of the tools catalogue (tool-pages.ts) whose editor is set. */
export type { AiToolSlug } from './tool-pages.js';

export interface CreateScreenProps {
  mode: CreateMode;
}
export interface AiToolsPageProps {
  category: AiToolCategory;
}
export interface ToolEditorProps {
  tool: AiToolSlug;
}
/**
 * remote_create/ImageCropModal renders its own modal dialog (a portal to the body, Escape cancels):
 * render it while cropping and remove it on onConfirm or onCancel; no shell modal wrapper is needed.
 */
export interface ImageCropModalProps {
  file: Blob;
  /** bounds of the aspect ratio (width / height) */
  minRatio?: number;
  maxRatio?: number;
  maxSize?: number;
  multiple?: boolean;
  onConfirm(result: CropResult): void;
  onCancel(): void;
}
/** remote_create/ImagePreview renders its own full-screen modal dialog; onClose asks the caller to remove it. */
export interface ImagePreviewProps {
  images: { src: string; alt: string }[];
  /** a visible label over the images, e.g. that no generative model made them */
  label?: string;
  index: number;
  onClose(): void;
}
export interface PromotionSlotProps {
  placement: 'header-icon' | 'floating-icon' | 'header-banner' | 'upgrade-entry';
  /** the place is narrow (the tablet's rail, a phone): the floating icon takes its phone size */
  compact?: boolean;
}

export type NoProps = Record<string, never>;

/** A module of the list below with its props: a type only (its value at run time is an empty object). */
interface Exposed<P> {
  readonly props?: P;
}
const exposed = <P>(): Exposed<P> => ({});

/**
 * Every module a remote exposes, one line each: its name and its props. `RemoteModules` (below) is read from
 * it, and so are the remotes' builds (rspack.shared.ts makes a remote's `exposes` from its names:
 * 'remote_explore/HomePage' -> './HomePage': './src/exposes/home-page.tsx'), so a page a remote adds is
 * declared here only. Reached through the entry `shared-contracts/remote-modules` (the main entry carries its
 * types, not this value).
 */
export const REMOTE_MODULES = {
  'remote_explore/HomePage': exposed<NoProps>(),
  'remote_explore/ExplorePage': exposed<NoProps>(),
  'remote_explore/TemplatePage': exposed<NoProps>(),
  'remote_explore/EffectPage': exposed<NoProps>(),
  'remote_explore/TemplatePicker': exposed<TemplatePickerProps>(),
  /** /terms, /privacy, /refund-policy */
  'remote_explore/LegalPage': exposed<{ kind: 'terms' | 'privacy' | 'refund' }>(),
  'remote_create/CreateScreen': exposed<CreateScreenProps>(),
  'remote_create/LibrariesPage': exposed<NoProps>(),
  'remote_create/ImageCropModal': exposed<ImageCropModalProps>(),
  'remote_create/ImagePreview': exposed<ImagePreviewProps>(),
  'remote_tools/AiToolsPage': exposed<AiToolsPageProps>(),
  'remote_tools/ToolEditor': exposed<ToolEditorProps>(),
  'remote_billing/PricingPage': exposed<NoProps>(),
  'remote_billing/BillingHost': exposed<NoProps>(),
  'remote_billing/PromotionSlot': exposed<PromotionSlotProps>(),
  'remote_account/AccountEntry': exposed<NoProps>(),
  'remote_account/AccountHost': exposed<NoProps>(),
};

/** Each federated module name -> its props, so loadRemote is typed (read from REMOTE_MODULES). */
export type RemoteModules = { [N in keyof typeof REMOTE_MODULES]: (typeof REMOTE_MODULES)[N] extends Exposed<infer P> ? P : never };

export type RemoteModuleName = keyof RemoteModules;
export type RemoteModule<N extends RemoteModuleName> = { default: ComponentType<RemoteModules[N]> };

export type RemoteContainer = RemoteModuleName extends `${infer C}/${string}` ? C : never;

/** `/remotes.json`: where each remote's versioned manifest lives. */
export interface RemotesManifest {
  remotes: { name: RemoteContainer; entry: string; version: string }[];
}

/**
 * `ShellApi.RemoteModule`: how a remote shows another remote's exposed module (a remote never imports
 * another remote). The shell loads the module on demand through its federation runtime the first time it
 * is rendered, inside an error boundary: `fallback` 'notice' shows a short alert with Retry where the module
 * would be, 'silent' shows nothing. Render it only while needed (e.g. while a picker is open).
 *
 *   const Host = shell.RemoteModule;
 *   {open && Host ? <Host module="remote_explore/TemplatePicker" area="Template picker" props={{ open, onPick, onClose }} /> : null}
 */
export interface RemoteModuleHostProps<N extends RemoteModuleName> {
  module: N;
  props: RemoteModules[N];
  /** human name for the loading and failure texts, e.g. 'Template picker' */
  area: string;
  fallback?: 'notice' | 'silent';
  /** shown while the module loads (default: a short status text) */
  loading?: import('react').ReactNode;
}
export type RemoteModuleHost = <N extends RemoteModuleName>(props: RemoteModuleHostProps<N>) => import('react').ReactNode;

/**
 * The shell's header as HTML for a visitor's first page (shared-contracts' SHELL_HEADER_FILE, ShellHeaderModule),
 * rendered with react-dom/server from the header's own parts (header-parts.tsx): the shell's build bundles this file
 * for Node into shell/dist, and the gateway writes its markup before `#root` on every page of a route with the
 * shell's layout. Phone, tablet and desktop are told apart by media queries (the three menu buttons, the compact
 * credits, the sidebar's copy: none on a phone, the narrow rail on a tablet, the wide sidebar on desktop, where the
 * shell draws its own), so the markup is right at any width; the logo and the menus' items are plain links, and a
 * small script opens the phone menu's copy, opens the tablet's rail wide and collapses the desktop sidebar, so the
 * first tap works before the shell has loaded (issue 25). The shell's header replaces the copies in the frame it is
 * first drawn in (prerendered-header.ts); when the app's script fails to load, the copy's notice is the page. Never
 * part of the browser's code.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { matchPath, MemoryRouter } from 'react-router';
import { media } from '@studio/ui-kit/theme';
import { routePath } from 'shared-contracts';
import { HOME_HERO_PRERENDER_ID, SHELL_DRAWER_PRERENDER_ID, SHELL_HEADER_PRERENDER_ID, type ShellHeaderModule } from 'shared-contracts/first-load';
import { CHAT_GUTTER, CHAT_GUTTER_MEDIA, CHAT_LAUNCHER_ATTR, isChatRoute } from '../chat/launcher-place';
import { errorTextOf } from '../error-page/error-texts';
import { CreditsButtonView, DRAWER_CSS, DrawerHead, HeaderBar, LoginButton, MenuButton, SIDEBAR_CSS, SIDEBAR_MENU_CSS, SIDEBAR_SCRIM_CSS } from './header-parts';
import { PRERENDER_PENDING_ATTR, SIDEBAR_COLLAPSED_ATTR, SIDEBAR_OPEN_ATTR, SIDEBAR_PRERENDER_ID, START_FAILED_PRERENDER_ID } from './prerendered-header';
import { SideMenuView } from './side-menu';
import { ROUTE_SPECS } from '../routing/route-specs';
import { GLOBAL_CSS } from '../theme/global-styles';
import { LAYOUT } from '../theme/theme';

/** what a tap on a button of the copy does, read by the copy's script */
const ACTION = 'data-prerender-action';
const HEADER = `#${SHELL_HEADER_PRERENDER_ID}`;
const DRAWER = `#${SHELL_DRAWER_PRERENDER_ID}`;
const SIDEBAR = `#${SIDEBAR_PRERENDER_ID}`;
const FAILED = `#${START_FAILED_PRERENDER_ID}`;
/** the text of the shell's error page for a failed connection */
const FAILED_TEXT = errorTextOf(502);

/** the sidebar's copy drawn as the narrow rail (`open`: its state attribute, or the attribute's absence) */
const narrowRail = (state: string) =>
  `${SIDEBAR}${state} aside{width:${LAYOUT.sidebarNarrow}px}${SIDEBAR}${state} .sh-wide{display:none}${SIDEBAR}${state} .sh-narrow{display:block}`;

/** the copy's own rules (an id in each, so they win over the components' single-class rules) */
const COPY_CSS =
  `${HEADER}{position:sticky;top:0;z-index:1000}` +
  `${HEADER} .sh-phone,${HEADER} .sh-tablet{display:none}` +
  `${media.phone}{${HEADER} .sh-phone{display:inline-flex}${HEADER} .sh-desktop{display:none}${SIDEBAR}{display:none}}` +
  `${media.tablet}{${HEADER} .sh-tablet{display:inline-flex}${HEADER} .sh-desktop{display:none}` +
  `${narrowRail(`:not([${SIDEBAR_OPEN_ATTR}])`)}${SIDEBAR}[${SIDEBAR_OPEN_ATTR}] .sh-scrim{display:block}${SIDEBAR}[${SIDEBAR_OPEN_ATTR}] aside{box-shadow:var(--shadow-pop)}}` +
  // the desktop sidebar collapsed pushes the page, as the shell's does: /home's first screen follows it
  `${media.desktop}{${narrowRail(`[${SIDEBAR_COLLAPSED_ATTR}]`)}body:has(${SIDEBAR}[${SIDEBAR_COLLAPSED_ATTR}]) #${HOME_HERO_PRERENDER_ID}{left:${LAYOUT.sidebarNarrow}px}}` +
  // /home's first screen leaves the customer chat's gutter, as the shell's page does (`html[…]` outweighs the copy's own rule)
  `${CHAT_GUTTER_MEDIA}{html[${CHAT_LAUNCHER_ATTR}] #${HOME_HERO_PRERENDER_ID}{right:${CHAT_GUTTER}px}}` +
  // the page behind the open phone menu does not scroll (ui-kit's Dialog locks the body so for the shell's)
  `${DRAWER}[hidden]{display:none}body:has(${DRAWER}:not([hidden])){overflow:hidden}` +
  // the app could not load: its notice is the page
  `body:has(${FAILED}:not([hidden]))>:not(${FAILED}){display:none}`;

function SidebarCopy() {
  return (
    <div id={SIDEBAR_PRERENDER_ID}>
      <div className="sh-scrim" aria-hidden="true" {...{ [ACTION]: 'scrim' }} css={{ ...SIDEBAR_SCRIM_CSS, display: 'none' }} />
      <aside aria-label="Sidebar" css={{ ...SIDEBAR_CSS, width: LAYOUT.sidebarWide }}>
        <div className="sh-wide" css={SIDEBAR_MENU_CSS}>
          <SideMenuView />
        </div>
        <div className="sh-narrow" css={{ ...SIDEBAR_MENU_CSS, display: 'none' }}>
          <SideMenuView narrow />
        </div>
      </aside>
    </div>
  );
}

/** What the page says when the app's script could not load (the shell's error page for a failed connection). */
function StartFailed() {
  const link = { display: 'inline-block', margin: '24px 6px 0', padding: '10px 22px', borderRadius: 10, fontWeight: 600, textDecoration: 'none' } as const;
  return (
    <main id={START_FAILED_PRERENDER_ID} hidden css={{ maxWidth: 760, margin: '0 auto', padding: '56px 20px 72px', textAlign: 'center', color: 'var(--c-text)' }}>
      <h1 css={{ margin: '0 0 8px', fontSize: 28 }}>{FAILED_TEXT.title}</h1>
      <p css={{ margin: '0 auto', maxWidth: 520, color: 'var(--c-text-muted)' }}>{FAILED_TEXT.description}</p>
      {/* the page again: its scripts are fetched anew */}
      <a href="" css={{ ...link, background: 'var(--c-primary-strong)', color: 'var(--c-on-primary)' }}>
        Try again
      </a>
      <a href={routePath('Home')} css={{ ...link, border: '1px solid var(--c-border)', color: 'var(--c-text)' }}>
        Go Home
      </a>
    </main>
  );
}

function Copy() {
  const menu = (
    <>
      <MenuButton className="sh-phone" aria-label="Open menu" aria-expanded={false} aria-controls={SHELL_DRAWER_PRERENDER_ID} {...{ [ACTION]: 'menu' }} />
      <MenuButton className="sh-tablet" aria-label="Expand menu" aria-expanded={false} aria-controls={SIDEBAR_PRERENDER_ID} {...{ [ACTION]: 'rail' }} />
      <MenuButton className="sh-desktop" aria-label="Collapse menu" aria-expanded aria-controls={SIDEBAR_PRERENDER_ID} {...{ [ACTION]: 'side' }} />
    </>
  );
  // the header last: its script follows it at once, so no tap on its buttons comes before the script listens
  return (
    <>
      <SidebarCopy />
      <StartFailed />
      <div id={SHELL_HEADER_PRERENDER_ID}>
        <HeaderBar menu={menu}>
          {/* the promotion icon's place, as in the shell's header */}
          <div css={{ display: 'flex', alignItems: 'center' }} />
          <CreditsButtonView isLogin={false} credits={0} planLevel="guest" {...{ [ACTION]: 'credits' }} />
          <LoginButton {...{ [ACTION]: 'login' }} />
        </HeaderBar>
        {/* the phone menu as the shell's drawer draws it (ui-kit's Dialog: backdrop and panel) */}
        <div
          id={SHELL_DRAWER_PRERENDER_ID}
          hidden
          {...{ [ACTION]: 'close' }}
          css={{ position: 'fixed', inset: 0, zIndex: 1500, background: 'var(--c-backdrop)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <div
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
            tabIndex={-1}
            data-testid="drawer"
            css={{ display: 'flex', flexDirection: 'column', color: 'var(--c-text)', boxSizing: 'border-box', outline: 'none', padding: 0, gap: 0, ...DRAWER_CSS }}
          >
            <DrawerHead {...{ [ACTION]: 'close' }} />
            <SideMenuView />
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * Opens and closes the menus' copies, notes a tap on Login or the credits for the shell to carry out
 * (PRERENDER_PENDING_ATTR), and shows the notice when the app's main script fails to load. The phone menu opens
 * on the press itself: a tap is then never lost to the shell taking the copy's place between press and release,
 * and the release, which lands on the opened menu, closes nothing (the backdrop closes it only on a press that
 * began on it, as ui-kit's Dialog). A key's click toggles it. The tablet's button opens the rail wide over the
 * page (its scrim or Escape close it), the desktop's collapses the sidebar; each button says what it would do
 * next, as the shell's. A tap inside a menu that is no button does nothing here: its links are plain links.
 */
const SCRIPT =
  '(function(){' +
  `var h=document.getElementById(${JSON.stringify(SHELL_HEADER_PRERENDER_ID)}),d=document.getElementById(${JSON.stringify(SHELL_DRAWER_PRERENDER_ID)}),` +
  `s=document.getElementById(${JSON.stringify(SIDEBAR_PRERENDER_ID)}),O=${JSON.stringify(SIDEBAR_OPEN_ATTR)},C=${JSON.stringify(SIDEBAR_COLLAPSED_ATTR)};` +
  'if(!h||!d||!s)return;function q(a){return h.querySelector("[' + ACTION + '="+a+"]")}var b=q("menu"),r=q("rail"),w=q("side"),down=null;' +
  'function at(e){return e.target&&e.target.closest?e.target.closest("[' + ACTION + ']"):null}' +
  'function set(open){d.hidden=!open;if(b){b.setAttribute("aria-expanded",String(open));b.setAttribute("aria-label",open?"Close menu":"Open menu")}' +
  'if(open){var p=d.querySelector("[role=dialog]");if(p)p.focus()}else if(b&&h.isConnected)b.focus()}' +
  'function label(x,e){x.setAttribute("aria-expanded",String(e));x.setAttribute("aria-label",e?"Collapse menu":"Expand menu")}' +
  'function side(k,on){if(on)s.setAttribute(k,"");else s.removeAttribute(k);label(r,s.hasAttribute(O));label(w,!s.hasAttribute(C))}' +
  'document.addEventListener("pointerdown",function(e){down=e.target;if(b&&at(e)===b&&d.isConnected&&d.hidden)set(true)},true);' +
  'document.addEventListener("click",function(e){var began=down,t=at(e);down=null;if(!t||!d.isConnected)return;var a=t.getAttribute("' + ACTION + '");' +
  'if(a==="menu"){if(!began||!b.contains(began))set(d.hidden)}' +
  'else if(a==="close"){if(t===d&&(e.target!==d||began!==d))return;set(false)}' +
  'else if(!h.isConnected)return;else if(a==="rail")side(O,!s.hasAttribute(O));else if(a==="side")side(C,!s.hasAttribute(C));else if(a==="scrim")side(O,false)' +
  `;else h.setAttribute(${JSON.stringify(PRERENDER_PENDING_ATTR)},a)});` +
  'document.addEventListener("keydown",function(e){if(e.key!=="Escape")return;if(!d.hidden&&d.isConnected)set(false);else if(h.isConnected&&s.hasAttribute(O))side(O,false)});' +
  // the app's main script did not load: the copy's notice is the page (the shell's error page cannot come)
  `addEventListener("error",function(e){var t=e.target,f=document.getElementById(${JSON.stringify(START_FAILED_PRERENDER_ID)});` +
  'if(f&&h.isConnected&&t&&t.tagName==="SCRIPT"&&/[/]main[.][^/]*[.]js/.test(t.src))f.hidden=false},true)' +
  '})()';

/** a route the shell shows without its header and menu (the template browser) */
function shownWithoutChrome(pathname: string): boolean {
  return ROUTE_SPECS.some((spec) => !spec.chrome && matchPath(spec.path, pathname) !== null);
}

export const shellHeaderHtml: ShellHeaderModule['shellHeaderHtml'] = (pathname: string) => {
  // no header there, but the page's stylesheet still comes first: the route's first screen is drawn with it (type,
  // box sizing, the theme's colours), as the page will be
  if (shownWithoutChrome(pathname)) return { html: `<style>${GLOBAL_CSS}</style>`, script: '' };
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[pathname]}>
      <Copy />
    </MemoryRouter>,
  );
  // on the chat's routes the page keeps the launcher's place from the first HTML (launcher-place.ts): the shell's
  // page is drawn with its gutter from its first frame, and the chat's arrival after the load moves nothing
  const script = isChatRoute(pathname) ? `document.documentElement.setAttribute(${JSON.stringify(CHAT_LAUNCHER_ATTR)},"");${SCRIPT}` : SCRIPT;
  return { html: `<style>${GLOBAL_CSS}${COPY_CSS}</style>${html}`, script };
};

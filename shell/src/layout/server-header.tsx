/**
 * The shell's header as HTML for a visitor's first page (shared-contracts' SHELL_HEADER_FILE, ShellHeaderModule),
 * rendered with react-dom/server from the header's own parts (header-parts.tsx): the shell's build bundles this file
 * for Node into shell/dist, and the gateway writes its markup before `#root` on every page of a route with the
 * shell's layout. Phone, tablet and desktop are told apart by media queries (the three menu buttons, the compact
 * credits), so the markup is right at any width; the logo and the menu's items are plain links, and a small script
 * opens the phone menu's copy, so the first tap works before the shell has loaded (issue 25). The shell's header
 * replaces the copy in the frame it is first drawn in (prerendered-header.ts). Never part of the browser's code.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { media } from '@studio/ui-kit/theme';
import { SHELL_DRAWER_PRERENDER_ID, SHELL_HEADER_PRERENDER_ID, type ShellHeaderModule } from 'shared-contracts/first-load';
import { CreditsButtonView, DRAWER_CSS, DrawerHead, HeaderBar, LoginButton, MenuButton } from './header-parts';
import { PRERENDER_PENDING_ATTR } from './prerendered-header';
import { SideMenuView } from './side-menu';
import { GLOBAL_CSS } from '../theme/global-styles';

/** what a tap on a button of the copy does, read by the copy's script */
const ACTION = 'data-prerender-action';
const HEADER = `#${SHELL_HEADER_PRERENDER_ID}`;
const DRAWER = `#${SHELL_DRAWER_PRERENDER_ID}`;

/** the copy's own rules (an id in each, so they win over the components' single-class rules) */
const COPY_CSS =
  `${HEADER}{position:sticky;top:0;z-index:1000}` +
  `${HEADER} .sh-phone,${HEADER} .sh-tablet{display:none}` +
  `${media.phone}{${HEADER} .sh-phone{display:inline-flex}${HEADER} .sh-desktop{display:none}}` +
  `${media.tablet}{${HEADER} .sh-tablet{display:inline-flex}${HEADER} .sh-desktop{display:none}}` +
  `${DRAWER}[hidden]{display:none}`;

function Copy() {
  const menu = (
    <>
      <MenuButton className="sh-phone" aria-label="Open menu" aria-expanded={false} aria-controls={SHELL_DRAWER_PRERENDER_ID} {...{ [ACTION]: 'menu' }} />
      <MenuButton className="sh-tablet" aria-label="Expand menu" aria-expanded={false} />
      <MenuButton className="sh-desktop" aria-label="Collapse menu" aria-expanded />
    </>
  );
  return (
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
  );
}

/**
 * Opens and closes the menu's copy, and notes a tap on Login or the credits for the shell to carry out
 * (PRERENDER_PENDING_ATTR). The menu opens on the press itself: a tap is then never lost to the shell taking the
 * copy's place between press and release, and the release, which lands on the opened menu, closes nothing (the
 * backdrop closes it only on a press that began on it, as ui-kit's Dialog). A key's click toggles it. A tap inside
 * the menu's panel that is no close button does nothing here: its links are plain links.
 */
const SCRIPT =
  '(function(){' +
  `var h=document.getElementById(${JSON.stringify(SHELL_HEADER_PRERENDER_ID)}),d=document.getElementById(${JSON.stringify(SHELL_DRAWER_PRERENDER_ID)});` +
  'if(!h||!d)return;var b=h.querySelector("[' + ACTION + '=menu]"),down=null;' +
  'function at(e){return e.target&&e.target.closest?e.target.closest("[' + ACTION + ']"):null}' +
  'function set(open){d.hidden=!open;if(b){b.setAttribute("aria-expanded",String(open));b.setAttribute("aria-label",open?"Close menu":"Open menu")}' +
  'if(open){var p=d.querySelector("[role=dialog]");if(p)p.focus()}else if(b&&h.isConnected)b.focus()}' +
  'document.addEventListener("pointerdown",function(e){down=e.target;if(b&&at(e)===b&&d.isConnected&&d.hidden)set(true)},true);' +
  'document.addEventListener("click",function(e){var began=down,t=at(e);down=null;if(!t||!d.isConnected)return;var a=t.getAttribute("' + ACTION + '");' +
  'if(a==="menu"){if(!began||!b.contains(began))set(d.hidden)}' +
  'else if(a==="close"){if(t===d&&(e.target!==d||began!==d))return;set(false)}' +
  `else if(h.isConnected)h.setAttribute(${JSON.stringify(PRERENDER_PENDING_ATTR)},a)});` +
  'document.addEventListener("keydown",function(e){if(e.key==="Escape"&&!d.hidden&&d.isConnected)set(false)})' +
  '})()';

export const shellHeaderHtml: ShellHeaderModule['shellHeaderHtml'] = (pathname: string) => {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[pathname]}>
      <Copy />
    </MemoryRouter>,
  );
  return { html: `<style>${GLOBAL_CSS}${COPY_CSS}</style>${html}`, script: SCRIPT };
};

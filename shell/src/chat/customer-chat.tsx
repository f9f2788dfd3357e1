/**
 * The customer chat widget (spec section 2): loaded once Home is visited, hidden on every other route. The
 * provider is configuration: a vendor's snippet URL (chatWidgetUrl) loaded through the script loader, whose
 * elements (chatWidgetSelector) are hidden off Home; with no vendor configured, our own support panel.
 */
import { createRoot, type Root } from 'react-dom/client';
import { ShellContext, TRACK_EVENTS, type ShellApi } from 'shared-contracts';
import { markLauncher } from './launcher-place';
import { loadScript } from './script-loader';
import { SupportPanel } from './support-panel';

export interface ChatConfig {
  chatWidgetUrl: string;
  chatWidgetSelector: string;
}

export interface CustomerChat {
  setVisible(visible: boolean): void;
}

const HIDE_STYLE_ID = 'customer-chat-hidden';

function vendorChat(shell: ShellApi, config: ChatConfig, doc: Document): CustomerChat {
  loadScript(config.chatWidgetUrl, doc).then(
    () => shell.track(TRACK_EVENTS.CHAT_OPEN, { vendor: new URL(config.chatWidgetUrl, doc.baseURI).hostname, result: 'loaded' }),
    (error: Error) => console.warn(`[shell] customer chat: ${error.message}`),
  );
  return {
    setVisible(visible) {
      markLauncher(doc, visible);
      if (!config.chatWidgetSelector) return;
      let style = doc.getElementById(HIDE_STYLE_ID);
      if (visible) style?.remove();
      else if (!style) {
        style = doc.createElement('style');
        style.id = HIDE_STYLE_ID;
        style.textContent = `${config.chatWidgetSelector}{display:none!important}`;
        doc.head.appendChild(style);
      }
    },
  };
}

function ownChat(shell: ShellApi, doc: Document): CustomerChat {
  const host = doc.createElement('div');
  host.id = 'customer-chat';
  doc.body.appendChild(host);
  const root: Root = createRoot(host);
  root.render(
    <ShellContext.Provider value={shell}>
      <SupportPanel shell={shell} container={host} />
    </ShellContext.Provider>,
  );
  return {
    setVisible(visible) {
      host.hidden = !visible;
      markLauncher(doc, visible);
    },
  };
}

export function createCustomerChat(shell: ShellApi, config: ChatConfig, doc: Document = document): CustomerChat {
  return config.chatWidgetUrl ? vendorChat(shell, config, doc) : ownChat(shell, doc);
}

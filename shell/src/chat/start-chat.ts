/** Starts the customer chat the first time Home is shown (its code loads only then) and hides it elsewhere. */
import type { ShellApi } from 'shared-contracts';
import { afterLoad } from './after-load';
import type { ChatConfig, CustomerChat } from './customer-chat';
import { isChatRoute, markLauncher } from './launcher-place';

export function startCustomerChat(shell: ShellApi, config: ChatConfig): () => void {
  let chat: Promise<CustomerChat> | null = null;
  let onHome = false;
  return shell.bus.on('shell:route-changed', ({ path }) => {
    onHome = isChatRoute(path);
    // the launcher's place is kept from the moment its route shows, not from the chat's arrival after the load, so
    // the page (a member's too, whose first HTML has no mark) is drawn with its gutter and nothing moves later
    markLauncher(document, onHome);
    if (onHome && !chat) {
      // after the page's load: the widget is never part of the first paint
      chat = new Promise<void>((resolve) => afterLoad(resolve))
        .then(() => import(/* webpackChunkName: "customer-chat" */ './customer-chat'))
        .then(({ createCustomerChat }) => createCustomerChat(shell, config));
      chat.catch(() => {
        chat = null;
        // no launcher is coming: the page may use its corner
        markLauncher(document, false);
      });
    }
    void chat?.then((created) => created.setVisible(onHome));
  });
}

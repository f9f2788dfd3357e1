import { fetchRemotesListEarly } from './federation/early-remotes-list';

fetchRemotesListEarly();
// the start-up module is part of main.js (eager mode: no chunk of its own; the shared modules it uses are
// eager too, rspack.config.ts), so it runs in the next microtask, after the remotes list is asked for
void import(/* webpackMode: "eager" */ './bootstrap');

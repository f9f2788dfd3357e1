import { fetchRemotesListEarly } from './federation/early-remotes-list';

fetchRemotesListEarly();
import('./bootstrap');

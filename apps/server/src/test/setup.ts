/**
 * Runs before each server test file. The files share one process and its modules (the server
 * project's `isolate: false`, vitest.config.ts), so what a module keeps for the one database of a
 * server process is forgotten here: the next file opens a database of its own.
 */
import { forgetActiveSessions } from '../modules/auth/sessions.ts';
import { forgetPosts } from '../modules/posts/store.ts';

forgetPosts();
forgetActiveSessions();

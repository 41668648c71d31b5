import { contextBridge, ipcRenderer } from 'electron';
import { buildPreloadApi } from './api';

// Runs sandboxed with context isolation: the page sees only this frozen object.
contextBridge.exposeInMainWorld('oauthLab', buildPreloadApi(ipcRenderer));

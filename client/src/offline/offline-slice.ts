/**
 * What the app shows about working offline: whether the network is there, how many actions wait
 * on this device and how many need the person's attention, whether a send is under way, whether
 * the session must be renewed before the queue can go, and which answers on screen came from the
 * device's saved copy (with the time the server gave them).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface OfflineState {
  online: boolean;
  pendingCount: number;
  attentionCount: number;
  syncing: boolean;
  /** The session expired while actions waited: sign in again, then the queue resumes. */
  signInNeeded: boolean;
  /** URL of a GET answered from the saved copy → when the server gave that copy (ms). */
  savedReads: Record<string, number>;
}

const initialState: OfflineState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  pendingCount: 0,
  attentionCount: 0,
  syncing: false,
  signInNeeded: false,
  savedReads: {},
};

const offlineSlice = createSlice({
  name: 'offline',
  initialState,
  reducers: {
    networkChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
    queueCounted(state, action: PayloadAction<{ pending: number; attention: number }>) {
      state.pendingCount = action.payload.pending;
      state.attentionCount = action.payload.attention;
    },
    syncChanged(state, action: PayloadAction<boolean>) {
      state.syncing = action.payload;
    },
    signInNeededChanged(state, action: PayloadAction<boolean>) {
      state.signInNeeded = action.payload;
    },
    readFromSaved(state, action: PayloadAction<{ url: string; savedAt: number }>) {
      state.savedReads[action.payload.url] = action.payload.savedAt;
    },
    readFromServer(state, action: PayloadAction<string>) {
      delete state.savedReads[action.payload];
    },
  },
});

export const { networkChanged, queueCounted, syncChanged, signInNeededChanged, readFromSaved, readFromServer } = offlineSlice.actions;
export const offlineReducer = offlineSlice.reducer;

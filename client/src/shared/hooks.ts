/** Typed hooks: components use these instead of the untyped react-redux ones. */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from './root-reducer.ts';

/** The store's dispatch as features use it: plain actions and thunks (RTK Query's `initiate`). */
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

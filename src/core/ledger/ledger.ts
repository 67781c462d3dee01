// The delegation ledger (docs/DESIGN.md#delegation-ledger): reservations of concurrent subagent capacity,
// released only by terminal evidence that names them. Pure functions over the ledger value;
// the controller calls them under the session lock.
import type { Ledger, Reservation, UnresolvedReason } from '../../generated/types.js';
import { ownEntry, setOwn } from '../lookup-table.js';

/** How many launch ids are remembered as released or refused (a repeat is a duplicate). */
const ID_MEMORY = 1024;

function remember(list: string[], id: string): void {
  if (list.includes(id)) return;
  list.push(id);
  if (list.length > ID_MEMORY) list.splice(0, list.length - ID_MEMORY);
}

function clone(l: Ledger): Ledger {
  return structuredClone(l);
}

/** Units a reservation still holds: its batch less the children proven stopped. */
export function unitsOf(r: Reservation): number {
  return Math.max(0, r.count - r.stopped);
}

export function reservedUnits(l: Ledger): number {
  let n = 0;
  for (const r of l.reservations) n += unitsOf(r);
  return n;
}

export function unresolvedReasons(l: Ledger): UnresolvedReason[] {
  const seen = new Set<UnresolvedReason>();
  for (const v of Object.values(l.unresolved)) if (v) seen.add(v);
  return [...seen].sort();
}

function findReservation(l: Ledger, ref: string): Reservation | undefined {
  return l.reservations.find((r) => r.id === ref || r.actionId === ref);
}

export interface ReserveInput {
  actionId: string;
  count: number;
  scope: 'call' | 'children';
  at: string;
  /** Why the count cannot be proven (undeclared adapter, unbounded batch, resume). */
  unresolved?: UnresolvedReason[];
}

/** Reserves the whole batch (the caller has already decided it fits). */
export function reserve(l: Ledger, input: ReserveInput): { ledger: Ledger; reservationId: string } {
  const next = clone(l);
  const id = `r${next.nextId++}`;
  next.reservations.push({ id, actionId: input.actionId, count: Math.max(0, input.count), agents: [], stopped: 0, scope: input.scope, at: input.at });
  for (const reason of input.unresolved ?? []) {
    // One marker per launch, the first reason wins: any one of them blocks finite delegation.
    if (!ownEntry(next.unresolved, input.actionId)) setOwn(next.unresolved, input.actionId, reason);
  }
  return { ledger: next, reservationId: id };
}

export function refuse(l: Ledger, actionId: string): Ledger {
  const next = clone(l);
  remember(next.refused, actionId);
  return next;
}

export function markUnresolved(l: Ledger, key: string, reason: UnresolvedReason): Ledger {
  const next = clone(l);
  if (!ownEntry(next.unresolved, key)) setOwn(next.unresolved, key, reason);
  return next;
}

export type LedgerFact =
  | { kind: 'after'; actionId: string; lifecycle: 'joined' | 'not_started' | 'running' | 'failed' | 'unknown'; agentIds?: string[] }
  | { kind: 'subagent.start'; agentId: string; reservationId?: string }
  | { kind: 'subagent.stop'; agentId: string; reservationId?: string }
  | { kind: 'session.end'; allStopped: boolean };

export interface FactResult {
  ledger: Ledger;
  /** The fact changed the ledger. */
  applied: boolean;
  /** Units of capacity freed. */
  freed: number;
}

function releaseReservation(l: Ledger, r: Reservation): number {
  const freed = unitsOf(r);
  l.reservations = l.reservations.filter((x) => x !== r);
  remember(l.released, r.actionId);
  delete l.unresolved[r.actionId];
  return freed;
}

function bind(r: Reservation, agentId: string): boolean {
  if (r.agents.includes(agentId) || r.stoppedAgents?.includes(agentId)) return false;
  if (r.agents.length + r.stopped >= r.count) return false;
  r.agents.push(agentId);
  return true;
}

/**
 * Applies one lifecycle fact from an adapter that declared lifecycleVersion 2. Facts that
 * name nothing the ledger holds change nothing: capacity is never freed on a guess.
 */
export function applyFact(l: Ledger, fact: LedgerFact): FactResult {
  const next = clone(l);
  switch (fact.kind) {
    case 'after': {
      const r = next.reservations.find((x) => x.actionId === fact.actionId);
      if (!r) return { ledger: l, applied: false, freed: 0 };
      switch (fact.lifecycle) {
        case 'joined':
        case 'failed':
          return { ledger: next, applied: true, freed: releaseReservation(next, r) };
        case 'not_started':
          // A call seen running, or with children bound, did start: its not_started is wrong.
          if (r.observedRunning || r.agents.length > 0 || r.stopped > 0) return { ledger: l, applied: false, freed: 0 };
          return { ledger: next, applied: true, freed: releaseReservation(next, r) };
        case 'running': {
          r.observedRunning = true;
          if (r.scope === 'children') for (const a of fact.agentIds ?? []) bind(r, a);
          return { ledger: next, applied: true, freed: 0 };
        }
        case 'unknown':
          return { ledger: l, applied: false, freed: 0 };
      }
      return { ledger: l, applied: false, freed: 0 };
    }
    case 'subagent.start': {
      // Bound only to the reservation it names: pairing starts with launches by order would
      // let one host's unrelated child free another launch's capacity.
      if (!fact.reservationId) return { ledger: l, applied: false, freed: 0 };
      const r = next.reservations.find((x) => x.actionId === fact.reservationId || x.id === fact.reservationId);
      if (!r || r.scope === 'call') return { ledger: l, applied: false, freed: 0 };
      return bind(r, fact.agentId) ? { ledger: next, applied: true, freed: 0 } : { ledger: l, applied: false, freed: 0 };
    }
    case 'subagent.stop': {
      let r = next.reservations.find((x) => x.agents.includes(fact.agentId));
      if (!r && fact.reservationId) r = next.reservations.find((x) => x.actionId === fact.reservationId || x.id === fact.reservationId);
      if (!r || r.scope === 'call') return { ledger: l, applied: false, freed: 0 };
      if (r.stoppedAgents?.includes(fact.agentId)) return { ledger: l, applied: false, freed: 0 };
      const bound = r.agents.indexOf(fact.agentId);
      if (bound >= 0) r.agents.splice(bound, 1);
      else if (r.agents.length + r.stopped >= r.count) return { ledger: l, applied: false, freed: 0 };
      r.stopped++;
      r.stoppedAgents = [...(r.stoppedAgents ?? []), fact.agentId].slice(-64);
      if (r.stopped >= r.count) {
        releaseReservation(next, r);
      }
      return { ledger: next, applied: true, freed: 1 };
    }
    case 'session.end': {
      if (!fact.allStopped) return { ledger: l, applied: false, freed: 0 };
      let freed = 0;
      for (const r of [...next.reservations]) freed += releaseReservation(next, r);
      next.unresolved = {};
      return { ledger: next, applied: true, freed };
    }
  }
}

/** The user frees capacity from a terminal: one reservation (by r-id or launch id) or all. */
export function releaseByUser(l: Ledger, which: string | { all: true }): { ledger: Ledger; released: string[] } {
  const next = clone(l);
  if (typeof which !== 'string') {
    const released = next.reservations.map((r) => r.id);
    for (const r of [...next.reservations]) releaseReservation(next, r);
    next.unresolved = {};
    return { ledger: next, released };
  }
  const r = findReservation(next, which);
  if (r) {
    releaseReservation(next, r);
    return { ledger: next, released: [r.id] };
  }
  if (ownEntry(next.unresolved, which)) {
    delete next.unresolved[which];
    return { ledger: next, released: [which] };
  }
  return { ledger: l, released: [] };
}

export type IdState = 'new' | 'released' | 'refused' | 'reused';

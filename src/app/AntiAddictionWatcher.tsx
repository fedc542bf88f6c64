import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { AntiAddictionDialog } from '../features/casino/AntiAddictionDialog';
import { type PlaySummary, playSummary } from '../features/casino/api';
import { playing } from '../features/casino/playing';
import { remindEveryMinutes } from '../features/casino/rules';
import { navigateTo } from '../lib/navigation';
import { siteInfo } from '../stores/siteInfo';

interface Reminder {
  /** The game it was raised in (a reminder does not outlive its game). */
  startedAt: number;
  summary: PlaySummary | null;
  elapsedMs: number;
}

/**
 * The anti-addiction reminder (spec §3 "anti-addiction config per category", siteinfo `antiAddiction`):
 * while a real-money game is open, every `remindEveryMinutes` of its category the player is told how
 * long they have played and their net result (game/playSummary), and chooses Continue or Leave game.
 * The next reminder counts from the answer, so a reminder left open does not stack up more.
 */
export function AntiAddictionWatcher() {
  const { game } = useSnapshot(playing);
  const { data } = useSnapshot(siteInfo);
  const setting = data.antiAddiction;
  const minutes = game ? remindEveryMinutes(setting, game.category) : 0;
  const [reminder, setReminder] = useState<Reminder | null>(null);
  const [round, setRound] = useState(0);
  const gameId = game?.gameId;
  const category = game?.category;
  const startedAt = game?.startedAt;

  useEffect(() => {
    if (!minutes || category === undefined || startedAt === undefined) return;
    let live = true;
    const timer = setTimeout(() => {
      playSummary(category)
        .then((summary) => summary as PlaySummary | null)
        .catch(() => null)
        .then((summary) => {
          if (live) setReminder({ startedAt, summary, elapsedMs: Date.now() - startedAt });
        });
    }, minutes * 60_000);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [gameId, category, startedAt, minutes, round]);

  if (!reminder || !game || reminder.startedAt !== game.startedAt) return null;
  return (
    <AntiAddictionDialog
      summary={reminder.summary}
      elapsedMs={reminder.elapsedMs}
      onContinue={() => {
        setReminder(null);
        setRound((value) => value + 1);
      }}
      onLeave={() => {
        setReminder(null);
        navigateTo(game.callbackPath);
      }}
    />
  );
}

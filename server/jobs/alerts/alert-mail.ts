import { randomBytes } from 'node:crypto';
import { defaultLanguage, isLanguage, type Language } from '../../../common/languages';
import { pageUrl } from '../../../common/page-urls';
import type { Database } from '../../db/database';
import { jobAlertMail, type AlertedPosition } from '../../mail/templates/job-alert';
import type { OutgoingMail } from '../../mail/send-email';
import { departmentNamer, parseCatalogue } from './departments';
import type { AlertRound, RoundPosition } from './positions';
import { matching, type QueuedAlert } from './rounds';

/** A subscriber as an alert is made for them when it is sent. */
export interface AlertRecipient {
  email: string;
  language: string;
  /** Department keys; empty: every department. */
  departments: readonly string[];
}

type Rendering = Omit<OutgoingMail, 'messageId' | 'to'>;

/** Rounds and renderings kept by one instance: a round's alerts go out over an hour or more, one at a time. */
const keptRounds = 4;
const keptRenderings = 200;

function shownIn(position: RoundPosition, lng: Language, siteUrl: string): AlertedPosition | null {
  const shown = position.shown[lng] ?? position.shown[defaultLanguage] ?? Object.values(position.shown)[0];
  return shown ? { ...shown, url: pageUrl(siteUrl, 'jobs', lng, { job: position.id }) } : null;
}

/**
 * Makes each alert when it is sent (docs/decisions/0056-job-alerts.md): a round queues only who
 * gets which round with which unsubscribe token, so queuing 2,000 stays light; here one mail is
 * rendered per round, language and choice of departments, and each subscriber's differs from it
 * only by the address and the token, put in where the rendering has a random stand-in. The
 * subscriber's language and departments are read at sending: a choice confirmed meanwhile counts.
 */
export class AlertMails {
  private readonly standIn = randomBytes(32).toString('base64url');
  private readonly rounds = new Map<
    string,
    Promise<{ round: AlertRound; name: ReturnType<typeof departmentNamer> } | null>
  >();
  private readonly renderings = new Map<string, Rendering | null>();

  constructor(private readonly options: { db: Database; siteUrl: string; mailFrom: string }) {}

  private round(id: string) {
    let loaded = this.rounds.get(id);
    if (!loaded) {
      if (this.rounds.size >= keptRounds) this.rounds.clear();
      const { db } = this.options;
      loaded = (async () => {
        const row = await db.selectFrom('job_alert_rounds').select('positions').where('id', '=', id).executeTakeFirst();
        if (!row) return null;
        const feed = await db.selectFrom('jobs_feed').select('departments').executeTakeFirst();
        return {
          round: JSON.parse(row.positions) as AlertRound,
          name: departmentNamer(parseCatalogue(feed?.departments)),
        };
      })();
      // A failed read is not kept: the next attempt reads again.
      loaded.catch(() => this.rounds.delete(id));
      this.rounds.set(id, loaded);
    }
    return loaded;
  }

  /** The alert, or null when the round is gone or none of its positions match the subscriber's departments now. */
  async mail(alert: QueuedAlert, recipient: AlertRecipient): Promise<OutgoingMail | null> {
    const loaded = await this.round(alert.roundId);
    if (!loaded) return null;
    const lng = isLanguage(recipient.language) ? recipient.language : defaultLanguage;
    const key = `${alert.roundId} ${lng} ${recipient.departments.join(' ')}`;
    if (!this.renderings.has(key)) {
      if (this.renderings.size >= keptRenderings) this.renderings.clear();
      const { siteUrl, mailFrom } = this.options;
      const { round, name } = loaded;
      const positions = matching(round, recipient.departments)
        .map((position) => shownIn(position, lng, siteUrl))
        .filter((position): position is AlertedPosition => position !== null);
      const { to: _to, ...rendering } = jobAlertMail({
        from: mailFrom,
        to: '',
        language: lng,
        siteUrl,
        jobsUrl: pageUrl(siteUrl, 'jobs', lng),
        unsubscribeUrl: pageUrl(siteUrl, 'job-alerts-unsubscribe', lng, { token: this.standIn }),
        positions,
        departments: recipient.departments.map((department) => name(round.renamed[department] ?? department, lng)),
      });
      this.renderings.set(key, positions.length > 0 ? rendering : null);
    }
    const rendering = this.renderings.get(key);
    if (!rendering) return null;
    const withToken = (text: string) => text.split(this.standIn).join(alert.token);
    return {
      ...rendering,
      messageId: alert.messageId,
      to: recipient.email,
      text: withToken(rendering.text),
      html: withToken(rendering.html),
      headers: Object.fromEntries(
        Object.entries(rendering.headers ?? {}).map(([name, value]) => [name, withToken(value)]),
      ),
    };
  }
}

import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { apiPaths } from '../../../common/api-paths';
import { checkJobAlertsSignup, jobAlertsForm } from '../../../common/forms/job-alerts-form';
import { findPage } from '../../../common/site-pages';
import type { Database } from '../../db/database';
import { describeError } from '../../describe-error';
import { answerForm } from '../../http/form-answer';
import type { FormRouteConfig } from '../../http/form-urlencoded';
import { ignoredFields, invalidForm } from '../../http/http-error';
import { requestLanguage } from '../../http/request-language';
import { optInTokenRoutes, storageDown } from '../../opt-in/token-routes';
import { confirmJobAlerts, requestJobAlerts, unsubscribeJobAlerts } from './subscriptions';

export interface JobAlertRouteOptions {
  db: Database;
  guard: RouteShorthandOptions;
  /** The department a sign-up names (a key, or a name in any language), as a key; null for one not known. */
  department: () => (written: string) => string | null;
}

/** The form's fields sent once per ticked option. */
const listFields = jobAlertsForm.fields.filter((field) => field.role === 'choices').map((field) => field.name);

/**
 * The job alerts' API (docs/contract.md#job-alerts): the sign-up at POST
 * /subscribe-job-alerts.php, JSON or the form's own encoding, under the newsletter's rules
 * (one answer for every address, the confirmation carried out by the outbox); then confirm
 * and unsubscribe by the tokens in the mails, each by POST.
 */
export async function jobAlertRoutes(app: FastifyInstance, { db, guard, department }: JobAlertRouteOptions) {
  const lists: FormRouteConfig = { formLists: listFields };
  const config = { ...guard.config, ...lists } as RouteShorthandOptions['config'];
  app.post(apiPaths.jobAlerts, { ...guard, config }, async (request, reply) => {
    const check = checkJobAlertsSignup(request.body);
    if (!check.success) throw invalidForm(check);
    ignoredFields(request, check.ignored);
    const known = department();
    const departments: string[] = [];
    for (const written of check.data.departments ?? []) {
      const key = known(written);
      if (key === null) throw invalidForm({ fields: { departments: 'unknownDepartment' }, unknownFields: false });
      departments.push(key);
    }
    const language = requestLanguage(request, check.data.language);
    try {
      await requestJobAlerts(db, { email: check.data.email, language, departments });
    } catch (error) {
      request.log.error({ err: describeError(error) }, 'job alerts: storage failed');
      throw storageDown(error);
    }
    return answerForm(request, reply, 'job-alerts-pending', language);
  });

  await optInTokenRoutes(app, {
    name: 'job alerts',
    guard,
    actions: [
      {
        page: findPage('job-alerts-confirm').path,
        api: apiPaths.jobAlertsConfirm,
        act: (token) => confirmJobAlerts(db, token),
        done: 'confirmed',
        result: 'job-alerts-confirmed',
        oneClick: false,
      },
      {
        page: findPage('job-alerts-unsubscribe').path,
        api: apiPaths.jobAlertsUnsubscribe,
        act: (token) => unsubscribeJobAlerts(db, token),
        done: 'unsubscribed',
        result: 'job-alerts-unsubscribed',
        oneClick: true,
      },
    ],
  });
}

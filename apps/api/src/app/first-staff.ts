// The first staff account, created at start when there is none: with ADMIN_PASSWORD, or with a
// generated password written to a file in DATA_DIR that the log names. Then every stored TOTP
// secret is sealed with the current key (docs/decisions/111).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { StaffService } from '../modules/staff/index.js';

export async function ensureFirstStaff(
  staff: StaffService,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  const firstStaff = await staff.ensureFirstStaff({
    username: config.adminUsername,
    password: config.adminPassword,
    dataDir: config.dataDir,
  });
  if (firstStaff.passwordFile) {
    log.info(
      `Initial staff password written to ${firstStaff.passwordFile} (user "${config.adminUsername}")`,
    );
  } else if (firstStaff.created) {
    log.info(`Created the first staff account "${config.adminUsername}" with ADMIN_PASSWORD`);
  }
}

export async function sealStaffTotpSecrets(
  staff: StaffService,
  log: FastifyBaseLogger,
): Promise<void> {
  const { sealed } = await staff.sealTotpSecrets();
  if (sealed > 0)
    log.info(`Sealed the TOTP secrets of ${sealed} staff members with the current key`);
}

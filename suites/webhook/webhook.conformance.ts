/**
 * The outgoing webhook `pdf.generated`, judged by the deliveries of the target under test: the
 * run's capture (capture-client.ts) records them, per project key, and answers them as a check
 * asks. One test file, so the scenarios share one worker and its record of used fresh projects;
 * the checks live in the modules by topic.
 */
import { addressPolicyChecks } from './address-policy-checks.js';
import { deliveryChecks } from './delivery-checks.js';
import { noAddressChecks } from './no-address-checks.js';
import { receiverChecks } from './receiver-checks.js';

deliveryChecks();
receiverChecks();
addressPolicyChecks();
noAddressChecks();

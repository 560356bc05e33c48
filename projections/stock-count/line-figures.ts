/**
 * SQL pieces the variance read and the post context share: what a part line's place held at its
 * counted instant, and how its on hand moved since. A project's line seeks the running figures of
 * the latest activity row at or before the instant. A warehouse's activity rows keep no running
 * figure per place, so a place's units then are its units now less what the rows dated after the
 * instant moved at that place: a count is reviewed soon after it is made, so those rows are few,
 * and each is one range of activity_log_item_time.
 */
import { sql, type RawBuilder } from 'kysely';

/**
 * The place label of a line's `place` jsonb exactly as placeLabel writes it (contract/place.ts),
 * lower-cased: the activity rows name a warehouse place by that label (location_a / location_b),
 * and two spellings of one place differ only in case.
 */
export const placeLabelSql = (place: RawBuilder<unknown>) => sql`lower(case when ${place} is null or jsonb_typeof(${place}) <> 'object' then null
        else coalesce(nullif(concat_ws(' · ', 'Rack ' || (${place}->>'rack'), 'Shelf ' || (${place}->>'shelf'),
                                       'Bin ' || (${place}->>'bin'), 'Zone ' || (${place}->>'zone')), ''), 'No location') end)`;

/**
 * How one activity row `a` changed the on hand at the place labelled `label` (lower case): a
 * relocation moves its quantity from a to b; any other row that names the place moved its on-hand
 * delta there. A project's line (label null) takes every row's on-hand delta.
 */
export const placeDeltaSql = (label: RawBuilder<unknown>) => sql`(case
        when ${label} is null then a.d_on_hand
        when a.log_type = 'Relocate' then (case when lower(a.location_b) = ${label} then a.quantity else 0 end)
                                        - (case when lower(a.location_a) = ${label} then a.quantity else 0 end)
        when lower(a.location_a) = ${label} or lower(a.location_b) = ${label} then a.d_on_hand
        else 0 end)`;

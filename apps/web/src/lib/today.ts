import { todayIn } from '@bh/shared';

/** Today's date on this device ('YYYY-MM-DD'); devices at a post run in the post's time zone. */
export const deviceToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

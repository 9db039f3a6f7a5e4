import dayjs from 'dayjs';

/** Times on the wire are ISO strings; people read them in local time to the minute. */
export const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

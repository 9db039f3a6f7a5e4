import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Dates are shown and picked only on the pages of the shell and the public layout, so those
// layouts import this rather than the root providers: /login shows no date and loads no dayjs
// (bench/results/login-bundle.md). antd's date pickers read the registered zh-cn locale (week
// start, weekday names); the global default makes dayjs's own formatting Chinese too.
dayjs.locale('zh-cn');

notice(strftime(Timespan(1), '%Y', 'UTC'))

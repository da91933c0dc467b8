notice(strftime(Timespan(1), '%Q'))

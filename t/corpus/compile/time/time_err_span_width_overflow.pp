notify { "w": message => Timespan(0).strftime("%99999999999H") }

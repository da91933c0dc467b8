$x = m::plain(Sensitive('hunter2'))

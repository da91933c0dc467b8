class integer {}

class nullsource {
  notify { "nullsource": }
}

class nometa {}

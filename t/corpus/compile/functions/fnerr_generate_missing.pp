generate('/nonexistent/cmd')

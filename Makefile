.PHONY: demo test bench lint notebooks
demo:
	python3 tasks.py demo
test:
	python3 tasks.py test
bench:
	python3 tasks.py bench
lint:
	python3 tasks.py lint
notebooks:
	python3 tasks.py notebooks
